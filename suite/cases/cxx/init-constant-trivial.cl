// Table row constant, uninitialised: C++ for OpenCL requires every __constant variable to be initialised, so a bare __constant int is rejected.
//@ rules: CXX-INIT-CONSTANT-TRIVIAL
//@ profiles: CLC++2021

__constant int threshold; //~ ERROR CXX-INIT-CONSTANT-TRIVIAL

__kernel void apply(__global int *out)
{
    out[get_global_id(0)] = threshold;
}
