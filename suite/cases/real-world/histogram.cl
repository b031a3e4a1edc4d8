// Real-world style: 256-bin byte histogram, privatised per work-group in __local memory with
// local atomics, then merged into the global histogram with global atomics.
//@ rules: AS-ATOMIC-SPACE AS-LOCAL-SCOPE AS-LOCAL-INIT AS-KERNEL-ARG-PTR-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

#define BINS 256

__kernel void histogram256(__global const uchar4 *data, const uint n4, __global uint *hist)
{
    __local uint local_hist[BINS];
    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);
    for (uint b = lid; b < BINS; b += lsize)
        local_hist[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (uint i = get_global_id(0); i < n4; i += get_global_size(0)) {
        uchar4 v = data[i];
        atomic_inc(&local_hist[v.x]);
        atomic_inc(&local_hist[v.y]);
        atomic_inc(&local_hist[v.z]);
        atomic_inc(&local_hist[v.w]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    for (uint b = lid; b < BINS; b += lsize) {
        uint count = local_hist[b];
        if (count)
            atomic_add(&hist[b], count);
    }
}
