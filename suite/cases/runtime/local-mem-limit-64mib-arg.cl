// A __local argument set to 64 MiB exceeds the device's local memory: the enqueue must fail cleanly.
//@ rules: AS-LOCAL-MEM-LIMIT
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: limit=over
//@ kind: run
//@ requires: CL_DEVICE_LOCAL_MEM_SIZE < 67108864
//@ launch: huge_arg 16/16
//@ arg: buffer int[16] out
//@ arg: local 67108864
//@ expect-error: build-or-enqueue

kernel void huge_arg(global int *out, local int *scratch)
{
    size_t lid = get_local_id(0);
    scratch[lid * 1048576] = (int)lid;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[lid] = scratch[(15 - lid) * 1048576];
}
