// float4 data goes __global -> __local and back with two async copies; a local result is visible after each wait.
//@ rules: AS-ASYNC-COPY
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ kind: run
//@ launch: round_trip 32/8
//@ arg: buffer float[128] in = i
//@ arg: buffer float[128] out
//@ expect: out[i] == 2 * i

kernel void round_trip(global const float4 *in, global float4 *out)
{
    local float4 tile[8];
    size_t lid = get_local_id(0);
    size_t base = get_group_id(0) * 8;
    event_t e = async_work_group_copy(tile, in + base, 8, 0);
    wait_group_events(1, &e);
    tile[lid] *= 2.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    event_t back = async_work_group_copy(out + base, tile, 8, 0);
    wait_group_events(1, &back);
}
