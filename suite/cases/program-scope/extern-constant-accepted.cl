// Near miss: extern declarations of a __constant array at program and block scope, defined in the same program.
//@ rules: AS-EXTERN-SPACE AS-CONSTANT-INIT-REQUIRED
//@ profiles: CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

extern constant int lut[4];

int pick(int i)
{
    extern constant int lut[4];
    return lut[i & 3];
}

constant int lut[4] = {2, 3, 5, 7};

kernel void primes(global int *out)
{
    out[get_global_id(0)] = pick((int)get_global_id(0)) + lut[0];
}
