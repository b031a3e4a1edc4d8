// A __local argument and two __local arrays declared in the kernel are three distinct allocations.
//@ rules: AS-LOCAL-NOALIAS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ kind: run
//@ launch: three_tiles 32/8
//@ arg: buffer int[32] out
//@ arg: local 32
//@ expect: out[i] == 100 * (i % 8) + 10 * (7 - i % 8) + 1

kernel void three_tiles(global int *out, __local int *arg_tile)
{
    __local int x[8];
    __local int y[8];
    size_t lid = get_local_id(0);
    x[lid] = 100 * (int)lid;
    y[lid] = 10 * (int)lid;
    arg_tile[lid] = 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = x[lid] + y[7 - lid] + arg_tile[lid];
}
