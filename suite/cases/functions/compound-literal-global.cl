// A compound literal in a function is an automatic object: it cannot be __global.
//@ rules: AS-COMPOUND-LITERAL-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: space=global context=kernel

kernel void k(global int *out)
{
    out[0] = (global int){1}; //~ ERROR AS-COMPOUND-LITERAL-SPACE
}
