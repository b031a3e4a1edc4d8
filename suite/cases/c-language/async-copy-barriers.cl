// Valid code: async_work_group_copy, the strided copy and prefetch between global and local
// memory, waited on with wait_group_events, around barriers and memory fences.
//@ rules: AS-ASYNC-COPY-SPACES AS-PREFETCH-SPACE AS-EVENT-SPACE AS-LOCAL-SCOPE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

#define N 64

kernel void stage(__global const float *src, __global float *dst, __global const uint4 *keys, __local uint4 *lkeys)
{
    __local float tile[N];
    size_t base = get_group_id(0) * N;
    prefetch(src + base + N, N);
    event_t e1 = async_work_group_copy(tile, src + base, N, 0);
    event_t e2 = async_work_group_strided_copy(lkeys, keys + get_group_id(0), N / 4, 2, 0);
    event_t evs[2] = {e1, e2};
    wait_group_events(2, evs);
    size_t l = get_local_id(0);
    tile[l] = tile[l] * (float)lkeys[l / 4].x;
    mem_fence(CLK_LOCAL_MEM_FENCE);
    read_mem_fence(CLK_GLOBAL_MEM_FENCE);
    write_mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    barrier(CLK_LOCAL_MEM_FENCE);
    event_t out = async_work_group_copy(dst + base, (__local const float *)tile, N, 0);
    wait_group_events(1, &out);
}
