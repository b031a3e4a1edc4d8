// Real-world style: two-stage parallel sum reduction; each work-group loads two elements per
// work-item, reduces in __local scratch passed as a kernel argument, and writes one partial sum.
//@ rules: AS-LOCAL-ARG-SIZE AS-KERNEL-ARG-PTR-SPACE AS-ARG-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

void warp_reduce(volatile __local float *sdata, unsigned int tid)
{
    sdata[tid] += sdata[tid + 32];
    sdata[tid] += sdata[tid + 16];
    sdata[tid] += sdata[tid + 8];
    sdata[tid] += sdata[tid + 4];
    sdata[tid] += sdata[tid + 2];
    sdata[tid] += sdata[tid + 1];
}

__kernel void reduce_sum(__global const float *g_idata, __global float *g_odata,
                         __local float *sdata, unsigned int n)
{
    unsigned int tid = get_local_id(0);
    unsigned int i = get_group_id(0) * (get_local_size(0) * 2) + get_local_id(0);
    float v = (i < n) ? g_idata[i] : 0.0f;
    if (i + get_local_size(0) < n)
        v += g_idata[i + get_local_size(0)];
    sdata[tid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (unsigned int s = get_local_size(0) / 2; s > 32; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tid < 32)
        warp_reduce(sdata, tid);
    if (tid == 0)
        g_odata[get_group_id(0)] = sdata[0];
}
