// Near miss: async_work_group_copy and the strided copy, global to local and local to global, for int and float4.
//@ rules: AS-ASYNC-COPY-SPACES
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void stage(global const float4 *src, global float4 *dst, global int *idx, local float4 *tile, local int *ltile)
{
    size_t base = get_group_id(0) * 64;
    event_t ev = async_work_group_copy(tile, src + base, 64, 0);
    ev = async_work_group_strided_copy(ltile, (const global int *)idx, 16, 4, ev);
    wait_group_events(1, &ev);
    tile[get_local_id(0)] *= (float)ltile[get_local_id(0) & 15];
    barrier(CLK_LOCAL_MEM_FENCE);
    ev = async_work_group_copy(dst + base, (const local float4 *)tile, 64, 0);
    ev = async_work_group_strided_copy(idx, (const local int *)ltile, 16, 4, ev);
    wait_group_events(1, &ev);
}
