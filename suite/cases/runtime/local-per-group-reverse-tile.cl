// A __local tile is shared by the work-items of one group after a barrier, and each group sees only its own writes.
//@ rules: AS-LOCAL-PER-GROUP
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ kind: run
//@ launch: reverse 64/16
//@ arg: buffer int[64] out
//@ expect: out[i] == (i / 16) * 100 + 15 - i % 16

kernel void reverse(global int *out)
{
    local int tile[16];
    size_t lid = get_local_id(0);
    tile[lid] = (int)get_group_id(0) * 100 + (int)lid;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tile[15 - lid];
}
