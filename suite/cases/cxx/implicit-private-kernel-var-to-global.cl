// A kernel-scope variable without static is __private: its address cannot initialise a pointer to __global.
//@ rules: CXX-IMPLICIT-PRIVATE
//@ profiles: CLC++2021

__kernel void leak(__global int *out)
{
    int partial = (int)get_global_id(0) * 2;
    __global int *g = &partial; //~ ERROR CXX-IMPLICIT-PRIVATE
    out[get_global_id(0)] = *g;
}
