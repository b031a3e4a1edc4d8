// A kernel-scope static is global, not local: a __local reference cannot bind to it.
//@ rules: CXX-LOCAL-EXPLICIT
//@ profiles: CLC++2021

__kernel void share(__global int *out)
{
    static int flag;
    __local int &f = flag; //~ ERROR CXX-LOCAL-EXPLICIT
    if (get_local_id(0) == 0)
        f = 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = f;
}
