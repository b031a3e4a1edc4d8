// async_work_group_strided_copy from __global to __local reads every src_stride-th element ("the src_stride is the stride in elements for each gentype element read from src", 6.12.10): each group gathers the even elements of its 32-element slice.
//@ rules: AS-ASYNC-COPY
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ kind: run
//@ launch: gather 64/16
//@ arg: buffer int[128] in = i * 3
//@ arg: buffer int[64] out
//@ expect: out[i] == 3 * ((i / 16) * 32 + 2 * (15 - i % 16))

kernel void gather(const global int *in, global int *out)
{
    local int tile[16];
    size_t lid = get_local_id(0);
    event_t e = async_work_group_strided_copy(tile, in + get_group_id(0) * 32, 16, 2, 0);
    wait_group_events(1, &e);
    out[get_global_id(0)] = tile[15 - lid];
}
