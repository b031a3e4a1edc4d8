// async_work_group_copy from __global to __local delivers the group's slice once wait_group_events returns.
//@ rules: AS-ASYNC-COPY
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ kind: run
//@ launch: fetch 64/16
//@ arg: buffer int[64] in = i * 3
//@ arg: buffer int[64] out
//@ expect: out[i] == 3 * ((i / 16) * 16 + 15 - i % 16)

kernel void fetch(const global int *in, global int *out)
{
    local int tile[16];
    size_t lid = get_local_id(0);
    event_t e = async_work_group_copy(tile, in + get_group_id(0) * 16, 16, 0);
    wait_group_events(1, &e);
    out[get_global_id(0)] = tile[15 - lid];
}
