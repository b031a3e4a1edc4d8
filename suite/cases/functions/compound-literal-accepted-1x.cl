// Compound literals in functions, unqualified or __private.
//@ rules: AS-COMPOUND-LITERAL-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct { int x, y; } pair_t;

int sum(pair_t p)
{
    return p.x + p.y;
}

kernel void k(global int *out)
{
    out[0] = sum((pair_t){1, 2}) + (__private int){3};
}
