// A reference to a const generic pointer binds to a temporary that a __global pointer converts into: the pointer value converts, not the variable's address.
//@ rules: CXX-GENERIC-POINTERS CXX-IMPLICIT-PRIVATE
//@ profiles: CLC++2021

int first(int *const &p)
{
    return p[0];
}

__kernel void read_first(__global int *in, __global int *out)
{
    __global int *g = in + get_global_id(0);
    out[get_global_id(0)] = first(g);
}
