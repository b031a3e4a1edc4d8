// Near miss: vstoreN into __global, __local and private memory; vloadN from every space including __constant.
//@ rules: AS-VSTORE-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void shuffle(constant float *coeffs, global const float *in, global float *out, local float *tile)
{
    size_t i = get_global_id(0);
    float priv[4];
    float4 c = vload4(0, coeffs);
    float4 v = vload4(i, in) * c;
    vstore4(v, get_local_id(0), tile);
    vstore4(v, 0, priv);
    barrier(CLK_LOCAL_MEM_FENCE);
    vstore4(vload4(get_local_id(0), tile) + vload4(0, priv), i, out);
    vstore2((float2)(priv[0], priv[1]), i, out + 4 * get_global_size(0));
}
