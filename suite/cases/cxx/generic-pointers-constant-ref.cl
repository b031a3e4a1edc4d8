// Constant is outside the generic space: an unqualified const reference cannot bind to a __constant variable.
//@ rules: CXX-GENERIC-POINTERS
//@ profiles: CLC++2021

__constant int scale = 3;

__kernel void apply(__global int *out)
{
    const int &s = scale; //~ ERROR CXX-GENERIC-POINTERS
    out[get_global_id(0)] *= s;
}
