// A helper with unqualified float4 pointer parameters (generic) accepts global, local and private arguments.
//@ rules: AS-GENERIC-DEFAULT
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

float4 madd(const float4 *a, const float4 *b, float4 *acc)
{
    *acc += *a * *b;
    return *acc;
}

kernel void fma_rows(global const float4 *x, local float4 *tile, global float4 *out)
{
    float4 acc = (float4)(0.0f);
    size_t i = get_global_id(0);
    size_t l = get_local_id(0);
    tile[l] = x[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    madd(x + i, tile + l, &acc);
    out[i] = madd(tile, &acc, out + i);
}
