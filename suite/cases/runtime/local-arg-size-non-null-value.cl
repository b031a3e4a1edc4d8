// Setting a __local pointer argument with a non-NULL arg_value is an API error of clSetKernelArg.
//@ rules: AS-LOCAL-ARG-SIZE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: value=non-null
//@ kind: run
//@ launch: stage 16/16
//@ arg: buffer int[16] out
//@ arg: local 64 non-null
//@ expect-error: set-arg 1 CL_INVALID_ARG_VALUE

kernel void stage(global int *out, local int *scratch)
{
    size_t lid = get_local_id(0);
    scratch[lid] = (int)lid;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[lid] = scratch[15 - lid];
}
