// Valid code: vloadn from every space, vstoren into global, local and private memory, and the
// half-precision forms that read and write through a half pointer.
//@ rules: AS-VSTORE-SPACE AS-CONSTANT-READABLE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

__constant float table[8] = {0, 1, 2, 3, 4, 5, 6, 7};

kernel void vload_vstore(__global float *g, __global const float *src, __local float *l, __global half *h, __constant float *c)
{
    size_t i = get_global_id(0);
    float priv[8];
    float4 a = vload4(i, src);
    float4 b = vload4(0, c);
    float4 t = vload4(1, table);
    vstore4(a + b + t, 0, priv);
    float2 p = vload2(1, priv);
    vstore4(a, get_local_id(0), l);
    barrier(CLK_LOCAL_MEM_FENCE);
    float8 e = vload8(0, l);
    vstore8(e, i, g);
    vstore2(p, 0, g);
    float hv = vload_half(i, h);
    float4 h4 = vload_half4(0, h);
    vstore_half(hv * 2.0f, i, h);
    vstore_half4_rte(h4, 1, h);
    vstorea_half4(h4, 2, h);
    float16 big = (float16)(1.0f);
    vstore16(big, 0, g);
}
