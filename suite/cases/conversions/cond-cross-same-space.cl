// ?: between pointers to one space (const on one side, other spelling, or a null pointer constant) is fine.
//@ rules: AS-COND-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void choose(global float4 *a, __global const float4 *b, local float4 *tile, constant float4 *k, int sel, global float4 *out)
{
    float4 x = (float4)(1.0f);
    float4 y = (float4)(2.0f);
    size_t i = get_global_id(0);
    const global float4 *g = sel ? a : b;
    local float4 *l = sel ? tile : 0;
    constant float4 *c = sel ? k : k + 1;
    private float4 *p = sel ? &x : &y;
    tile[get_local_id(0)] = *p;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[i] = g[i] + c[0] + (l ? l[0] : x);
}
