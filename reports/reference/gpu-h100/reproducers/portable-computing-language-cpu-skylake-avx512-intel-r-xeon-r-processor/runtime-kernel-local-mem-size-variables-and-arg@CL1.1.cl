// CL_KERNEL_LOCAL_MEM_SIZE counts both a 256-byte __local array and the 128 bytes set for a __local argument.
//@ rules: AS-KERNEL-LOCAL-MEM-SIZE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ kind: run
//@ launch: both 32/32
//@ arg: buffer int[32] out
//@ arg: local 128
//@ query: kernel-local-mem-size both >= 384
//@ expect: out[i] == 2 * i + 1

kernel void both(global int *out, local int *arg_tile)
{
    local int tile[64];
    size_t lid = get_local_id(0);
    tile[lid] = (int)lid;
    tile[lid + 32] = (int)lid + 1;
    arg_tile[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[lid] = tile[lid] + tile[lid + 32] + arg_tile[31 - lid];
}
