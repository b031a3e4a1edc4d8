// clang's numbered address_space(N) is none of the OpenCL spaces: an automatic variable cannot live in one.
//@ rules: AS-AUTO-PRIVATE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void k(global int *out)
{
    __attribute__((address_space(1))) int x = 0; //~ ERROR AS-AUTO-PRIVATE
    out[0] = x;
}
