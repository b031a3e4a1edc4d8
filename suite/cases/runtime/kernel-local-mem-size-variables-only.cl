// CL_KERNEL_LOCAL_MEM_SIZE reports at least the bytes of a kernel's __local variables (a float4[16] and an int[32]: 384 bytes).
//@ rules: AS-KERNEL-LOCAL-MEM-SIZE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ kind: run
//@ launch: vars_only 16/16
//@ arg: buffer int[16] out
//@ query: kernel-local-mem-size vars_only >= 384
//@ expect: out[i] == 4 * (15 - i) + 2 * i

kernel void vars_only(global int *out)
{
    __local float4 vecs[16];
    __local int counts[32];
    size_t lid = get_local_id(0);
    vecs[lid] = (float4)((float)lid);
    counts[lid] = (int)lid;
    counts[lid + 16] = (int)lid;
    barrier(CLK_LOCAL_MEM_FENCE);
    float4 v = vecs[15 - lid];
    out[lid] = (int)(v.x + v.y + v.z + v.w) + counts[lid] + counts[lid + 16];
}
