// Passing a global pointer for an unqualified parameter: private parameter in 1.x and CL3.0 (error), generic where it exists (fine).
//@ rules: AS-ARG-CROSS AS-GENERIC-DEFAULT AS-GENERIC-FROM-NAMED
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: op=arg from=global to=none

int sum3(const int *v)
{
    return v[0] + v[1] + v[2];
}

kernel void sums(global const int *in, global int *out)
{
    size_t i = get_global_id(0);
    out[i] = sum3(in + 3 * i); //~ ERROR[CL1.1,CL1.2,CL3.0,CL3.0+globals] AS-ARG-CROSS
}
