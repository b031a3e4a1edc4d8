// Table row local/non-kernel function, uninitialised: not supported, so a helper cannot declare a __local array.
//@ rules: CXX-INIT-LOCAL-FUNCTION-TRIVIAL
//@ profiles: CLC++2021

int mirror(int v)
{
    __local int scratch[16]; //~ ERROR CXX-INIT-LOCAL-FUNCTION-TRIVIAL
    size_t lid = get_local_id(0);
    scratch[lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    return scratch[15 - lid];
}

__kernel void stage(__global int *out)
{
    out[get_global_id(0)] = mirror((int)get_global_id(0));
}
