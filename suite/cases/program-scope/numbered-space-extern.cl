// An extern variable in a numbered address_space(N).
//@ rules: AS-EXTERN-SPACE
//@ profiles: CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

extern __attribute__((address_space(1))) int shared; //~ ERROR AS-EXTERN-SPACE

kernel void k(global int *out)
{
    out[0] = 1;
}
