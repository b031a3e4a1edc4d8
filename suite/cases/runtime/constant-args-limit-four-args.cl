// A kernel with 4 __constant pointer arguments, within every device's CL_DEVICE_MAX_CONSTANT_ARGS, runs and reads all four.
//@ rules: AS-CONSTANT-ARGS-LIMIT
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: limit=within
//@ kind: run
//@ requires: CL_DEVICE_MAX_CONSTANT_ARGS >= 4
//@ launch: four 16/16
//@ arg: buffer int[16] out
//@ arg: buffer int[16] a = i
//@ arg: buffer int[16] b = i * 10
//@ arg: buffer int[16] c = 100
//@ arg: buffer int[16] d = 1000 * (i % 2)
//@ expect: out[i] == 11 * i + 100 + 1000 * (i % 2)

kernel void four(global int *out, constant int *a, __constant int *b, constant int *c, const __constant int *d)
{
    size_t i = get_global_id(0);
    out[i] = a[i] + b[i] + c[i] + d[i];
}
