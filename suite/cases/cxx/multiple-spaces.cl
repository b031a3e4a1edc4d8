// Two different spaces on one type, through an alias and a keyword.
//@ rules: CXX-MULTIPLE-SPACES
//@ profiles: CLC++2021

using gint = __global int;

__kernel void k(__global int *out)
{
    __local gint *p = nullptr; //~ ERROR CXX-MULTIPLE-SPACES
    out[0] = p == nullptr;
}
