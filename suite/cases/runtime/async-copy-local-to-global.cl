// async_work_group_copy from __local to __global writes the group's tile to the buffer once wait_group_events returns.
//@ rules: AS-ASYNC-COPY
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ kind: run
//@ launch: flush 64/16
//@ arg: buffer int[64] in = i
//@ arg: buffer int[64] out
//@ expect: out[i] == 2 * i + 1

kernel void flush(const global int *in, global int *out)
{
    __local int tile[16];
    size_t lid = get_local_id(0);
    tile[lid] = 2 * in[get_global_id(0)] + 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    event_t e = async_work_group_copy(out + get_group_id(0) * 16, tile, 16, 0);
    wait_group_events(1, &e);
}
