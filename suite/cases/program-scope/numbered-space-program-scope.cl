// A program-scope variable in a numbered address_space(N): neither global nor constant, in any profile.
//@ rules: AS-PROGSCOPE-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

__attribute__((address_space(2))) int table = 1; //~ ERROR AS-PROGSCOPE-SPACE

kernel void k(global int *out)
{
    out[0] = 0;
}
