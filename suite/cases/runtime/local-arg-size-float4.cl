// A __local float4 argument sized 256 bytes holds 16 float4 per group; each work-item reads its neighbour's vector.
//@ rules: AS-LOCAL-ARG-SIZE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ kind: run
//@ launch: rotate_tile 32/16
//@ arg: buffer int[32] out
//@ arg: local 256
//@ expect: out[i] == 4 * ((i / 16) * 16 + (i % 16 + 1) % 16) + 6

kernel void rotate_tile(global int *out, __local float4 *vecs)
{
    size_t lid = get_local_id(0);
    float g = (float)get_global_id(0);
    vecs[lid] = (float4)(g, g + 1.0f, g + 2.0f, g + 3.0f);
    barrier(CLK_LOCAL_MEM_FENCE);
    float4 v = vecs[(lid + 1) % 16];
    out[get_global_id(0)] = (int)(v.x + v.y + v.z + v.w);
}
