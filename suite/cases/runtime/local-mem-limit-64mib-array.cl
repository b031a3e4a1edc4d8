// A kernel declaring a 64 MiB __local array exceeds the device's local memory: build or enqueue must fail cleanly.
//@ rules: AS-LOCAL-MEM-LIMIT
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: limit=over
//@ kind: run
//@ requires: CL_DEVICE_LOCAL_MEM_SIZE < 67108864
//@ launch: huge_tile 64/16
//@ arg: buffer int[64] out
//@ expect-error: build-or-enqueue

kernel void huge_tile(global int *out)
{
    local int tile[16777216];
    size_t lid = get_local_id(0);
    tile[lid * 1048576] = (int)lid;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tile[(15 - lid) * 1048576];
}
