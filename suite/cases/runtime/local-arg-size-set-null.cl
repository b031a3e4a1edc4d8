// A __local pointer argument gets its size from clSetKernelArg(64, NULL): 16 ints shared by the group.
//@ rules: AS-LOCAL-ARG-SIZE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: value=null
//@ kind: run
//@ launch: stage 64/16
//@ arg: buffer int[64] out
//@ arg: local 64
//@ expect: out[i] == (i / 16) * 16 + 15 - i % 16

kernel void stage(global int *out, local int *scratch)
{
    size_t lid = get_local_id(0);
    scratch[lid] = (int)get_global_id(0);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = scratch[15 - lid];
}
