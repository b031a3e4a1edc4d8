// A kernel using 4 KiB of __local memory, within CL_DEVICE_LOCAL_MEM_SIZE, builds, runs and computes the right result.
//@ rules: AS-LOCAL-MEM-LIMIT
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: limit=within
//@ kind: run
//@ requires: CL_DEVICE_LOCAL_MEM_SIZE >= 4096
//@ launch: small_tile 64/16
//@ arg: buffer int[64] out
//@ expect: out[i] == (i / 16) * 16 + 15 - i % 16

kernel void small_tile(global int *out)
{
    local int tile[1024];
    size_t lid = get_local_id(0);
    tile[lid * 64] = (int)get_global_id(0);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tile[(15 - lid) * 64];
}
