// Pointer parameters may point to any space, and the pointer object may be explicitly private, const, volatile or restrict.
//@ rules: AS-PARAM-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

void accumulate(global float *restrict dst, constant float *const weights, local float *private tile, volatile local int *flag)
{
    size_t l = get_local_id(0);
    tile[l] = dst[get_global_id(0)] * weights[0];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0)
        *flag = 1;
    dst[get_global_id(0)] = tile[l];
}

kernel void run(global float *restrict dst, constant float *weights, local float *tile, local int *flag)
{
    accumulate(dst, weights, tile, flag);
}
