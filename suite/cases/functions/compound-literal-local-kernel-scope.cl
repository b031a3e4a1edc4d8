// Not even __local at a kernel's outermost scope, where a named local variable could be declared.
//@ rules: AS-COMPOUND-LITERAL-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: space=local context=kernel

typedef struct { int x, y; } pair_t;

kernel void k(global int *out)
{
    pair_t p = (local pair_t){1, 2}; //~ ERROR AS-COMPOUND-LITERAL-SPACE
    out[0] = p.x;
}
