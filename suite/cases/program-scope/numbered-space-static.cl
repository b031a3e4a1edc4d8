// A function-scope static in a numbered address_space(N).
//@ rules: AS-STATIC-SPACE
//@ profiles: CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void k(global int *out)
{
    static __attribute__((address_space(1))) int calls = 0; //~ ERROR AS-STATIC-SPACE
    out[0] = calls;
}
