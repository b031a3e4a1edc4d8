// A numbered address_space(N) and a named space, or two different numbers, on one type.
//@ rules: AS-MULTIPLE-SPACES
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef __attribute__((address_space(1))) global int both_t; //~ ERROR AS-MULTIPLE-SPACES
typedef __attribute__((address_space(1))) __attribute__((address_space(2))) int two_t; //~ ERROR AS-MULTIPLE-SPACES
typedef __attribute__((address_space(3))) __attribute__((address_space(3))) int same_t;

kernel void k(global int *out)
{
    out[0] = 1;
}
