// A return type in a numbered address_space(N): return values have no space.
//@ rules: AS-RETURN-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

__attribute__((address_space(1))) int one(void) //~ ERROR AS-RETURN-SPACE
{
    return 1;
}

kernel void k(global int *out)
{
    out[0] = one();
}
