// An 8 MiB buffer passed as a __constant argument to a device whose CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE is smaller must fail cleanly at enqueue.
//@ rules: AS-CONSTANT-BUFFER-SIZE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: limit=over
//@ kind: run
//@ requires: CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE < 8388608
//@ launch: read_far 16/16
//@ arg: buffer int[16] out
//@ arg: buffer long[1048576] big = i
//@ expect-error: enqueue

kernel void read_far(global int *out, constant long *big)
{
    size_t gid = get_global_id(0);
    out[gid] = (int)(big[1048575 - gid] - 1048000);
}
