// Near miss: atomic functions on volatile __global and __local int, uint and float.
//@ rules: AS-ATOMIC-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void count(volatile global int *hits, global uint *flags, global float *last, local uint *bins)
{
    size_t i = get_global_id(0);
    if (get_local_id(0) == 0)
        bins[0] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&bins[0]);
    atomic_add(hits, 1);
    atomic_or(&flags[i & 3], 1u << (i & 31));
    atomic_cmpxchg(hits + 1, 0, (int)i);
    atomic_xchg(last, (float)i);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        atomic_max(&flags[4], bins[0]);
}
