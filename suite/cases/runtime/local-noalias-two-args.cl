// Two __local pointer arguments are separate allocations: filling one does not change the other.
//@ rules: AS-LOCAL-NOALIAS AS-LOCAL-ARG-SIZE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ kind: run
//@ launch: two_args 64/16
//@ arg: buffer int[64] out
//@ arg: local 64
//@ arg: local 64
//@ expect: out[i] == 1000 * (i % 16) + 3 * (15 - i % 16)

kernel void two_args(global int *out, local int *a, local int *b)
{
    size_t lid = get_local_id(0);
    a[lid] = 1000 * (int)lid;
    barrier(CLK_LOCAL_MEM_FENCE);
    b[15 - lid] = 3 * (int)lid;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = a[lid] + b[lid];
}
