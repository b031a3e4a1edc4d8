// A program-scope __constant table is readable by every work-item of every group.
//@ rules: AS-CONSTANT-READABLE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ kind: run
//@ launch: lookup 64/16
//@ arg: buffer int[64] out
//@ expect: out[i] == (i % 8) * (i % 8) + 5

__constant int squares[8] = {0, 1, 4, 9, 16, 25, 36, 49};
constant int offset = 5;

kernel void lookup(global int *out)
{
    size_t gid = get_global_id(0);
    out[gid] = squares[gid % 8] + offset;
}
