// Table row constant, uninitialised, at kernel scope: an uninitialised __constant array in the kernel's outermost scope is rejected.
//@ rules: CXX-INIT-CONSTANT-TRIVIAL
//@ profiles: CLC++2021

__kernel void apply(__global int *out)
{
    __constant int table[4]; //~ ERROR CXX-INIT-CONSTANT-TRIVIAL
    out[get_global_id(0)] = table[get_global_id(0) % 4];
}
