// An array in a kernel's outermost scope without __local is private, not local: it cannot initialise a pointer to __local.
//@ rules: CXX-LOCAL-EXPLICIT
//@ profiles: CLC++2021

__kernel void share(__global int *out)
{
    int tile[16];
    __local int *p = tile; //~ ERROR CXX-LOCAL-EXPLICIT
    size_t lid = get_local_id(0);
    p[lid] = (int)lid;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = p[15 - lid];
}
