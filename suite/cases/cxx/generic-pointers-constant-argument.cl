// Constant is outside the generic space: a __constant kernel argument cannot be passed to a helper taking a generic pointer.
//@ rules: CXX-GENERIC-POINTERS
//@ profiles: CLC++2021

int first(const int *p)
{
    return p[0];
}

__kernel void apply(__constant int *coeffs, __global int *out)
{
    out[get_global_id(0)] = first(coeffs); //~ ERROR CXX-GENERIC-POINTERS
}
