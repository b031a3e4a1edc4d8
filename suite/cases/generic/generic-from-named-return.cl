// A helper returning a generic float4 pointer may return a global or a local float4 pointer.
//@ rules: AS-GENERIC-FROM-NAMED
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

generic float4 *source(global float4 *g, local float4 *l, int use_local)
{
    if (use_local)
        return l;
    return g;
}

kernel void fetch(global float4 *data, local float4 *tile, global float4 *out)
{
    size_t i = get_global_id(0);
    tile[get_local_id(0)] = data[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[i] = *source(data + i, tile, (int)(i & 1));
}
