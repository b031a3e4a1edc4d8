// __constant memory is read-only: assigning to an element of a program-scope __constant table is rejected.
//@ rules: CXX-CONSTANT-EXPLICIT
//@ profiles: CLC++2021

__constant int weights[4] = {1, 2, 3, 4};

__kernel void apply(__global int *out)
{
    size_t i = get_global_id(0);
    weights[i % 4] = (int)i; //~ ERROR CXX-CONSTANT-EXPLICIT
    out[i] = weights[0];
}
