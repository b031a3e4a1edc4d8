// Near miss: prefetch from __global pointers, const and not, for scalars and vectors.
//@ rules: AS-PREFETCH-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void warm(const global float4 *in, global int *counts, global float4 *out)
{
    size_t i = get_global_id(0);
    prefetch(in + i, 4);
    prefetch(counts, 16);
    out[i] = in[i] * (float)counts[i & 15];
}
