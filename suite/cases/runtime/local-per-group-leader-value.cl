// One work-item per group writes a __local scalar; after the barrier every work-item of that group, and only that group, reads it.
//@ rules: AS-LOCAL-PER-GROUP
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ kind: run
//@ launch: leader 128/32
//@ arg: buffer int[128] out
//@ expect: out[i] == (i / 32) * 7 + 1

kernel void leader(global int *out)
{
    __local int group_value;
    if (get_local_id(0) == 0)
        group_value = (int)get_group_id(0) * 7 + 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = group_value;
}
