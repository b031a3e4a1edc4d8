// Compound literals in functions, unqualified or __private, and one at program scope whose address initialises a pointer.
//@ rules: AS-COMPOUND-LITERAL-SPACE
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals
//@ props: space=private storage=program

typedef struct { int x, y; } pair_t;

global int *origin = &(global int){7};

kernel void k(global int *out)
{
    pair_t p = (pair_t){1, 2};
    int q = (private int){3};
    out[0] = p.x + q + *origin;
}
