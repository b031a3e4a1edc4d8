// Buffers passed as __constant pointer arguments (an int table and a float4 table) are readable by every work-item.
//@ rules: AS-CONSTANT-READABLE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ kind: run
//@ launch: scale 64/16
//@ arg: buffer int[64] out
//@ arg: buffer int[16] coeffs = i * 3
//@ arg: buffer float[8] vecs = i
//@ expect: out[i] == 3 * (15 - i % 16) + 6 + 16 * (i % 2)

kernel void scale(global int *out, const __constant int *coeffs, __constant float4 *vecs)
{
    size_t gid = get_global_id(0);
    float4 v = vecs[gid % 2];
    out[gid] = coeffs[15 - gid % 16] + (int)(v.x + v.y + v.z + v.w);
}
