// A parameter in a numbered address_space(N): parameters are private.
//@ rules: AS-PARAM-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

int twice(__attribute__((address_space(1))) int x) //~ ERROR AS-PARAM-SPACE
{
    return 2 * x;
}

kernel void k(global int *out)
{
    out[0] = twice(1);
}
