// Table row local/program, uninitialised: C++ for OpenCL keeps program-scope variables in __global or __constant, so a program-scope __local array is rejected.
//@ rules: CXX-INIT-LOCAL-PROGRAM-TRIVIAL
//@ profiles: CLC++2021

__local int tile[16]; //~ ERROR CXX-INIT-LOCAL-PROGRAM-TRIVIAL

__kernel void share(__global int *out)
{
    size_t lid = get_local_id(0);
    tile[lid] = (int)lid;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tile[15 - lid];
}
