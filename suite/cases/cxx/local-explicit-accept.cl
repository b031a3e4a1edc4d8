// Local memory comes only from an explicit __local declaration: a __local tile binds to __local pointers and references, and a helper takes it as such.
//@ rules: CXX-LOCAL-EXPLICIT CXX-INIT-LOCAL-KERNEL-TRIVIAL
//@ profiles: CLC++2021

int sum_tile(__local const int *tile, int n)
{
    int s = 0;
    for (int k = 0; k < n; k++)
        s += tile[k];
    return s;
}

__kernel void share(__global int *out)
{
    __local int tile[16];
    __local int *p = tile;
    __local int &first = tile[0];
    size_t lid = get_local_id(0);
    p[lid] = (int)lid;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = sum_tile(tile, 16) + first;
}
