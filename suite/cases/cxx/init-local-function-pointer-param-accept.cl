// Near-miss of the local/non-kernel row: the kernel declares the __local memory and helpers only receive pointers and references to it.
//@ rules: CXX-INIT-LOCAL-FUNCTION-TRIVIAL CXX-INIT-LOCAL-FUNCTION-CONSTEXPR CXX-INIT-LOCAL-FUNCTION-CUSTOM
//@ profiles: CLC++2021

struct Counter {
    int value;
    Counter(int start) : value(start) {}
};

int mirror(__local int *scratch, int v)
{
    size_t lid = get_local_id(0);
    scratch[lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    return scratch[15 - lid];
}

int read_flag(__local const int &flag)
{
    Counter c(flag);
    return c.value;
}

__kernel void stage(__global int *out)
{
    __local int scratch[16];
    __local int flag;
    if (get_local_id(0) == 0)
        flag = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = mirror(scratch, (int)get_global_id(0)) + read_flag(flag);
}
