// A __constant array declared in the kernel's outermost scope is readable by every work-item.
//@ rules: AS-CONSTANT-READABLE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ kind: run
//@ launch: weights 32/8
//@ arg: buffer int[32] out
//@ expect: out[i] == 10 * (i % 4 + 1) + i

kernel void weights(global int *out)
{
    constant int w[4] = {10, 20, 30, 40};
    size_t gid = get_global_id(0);
    out[gid] = w[gid % 4] + (int)gid;
}
