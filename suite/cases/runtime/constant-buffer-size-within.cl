// A 16 KiB buffer passed as a __constant argument, within CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE, is readable in full.
//@ rules: AS-CONSTANT-BUFFER-SIZE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: limit=within
//@ kind: run
//@ requires: CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE >= 16384
//@ launch: sum_rows 64/16
//@ arg: buffer int[64] out
//@ arg: buffer int[4096] table = i % 64
//@ expect: out[i] == 64 * i

kernel void sum_rows(global int *out, constant int *table)
{
    size_t gid = get_global_id(0);
    int sum = 0;
    for (int k = 0; k < 64; k++)
        sum += table[k * 64 + (int)gid];
    out[gid] = sum;
}
