// A helper declared to return a local float4 pointer cannot return its private float4 pointer parameter.
//@ rules: AS-RETURN-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

local float4 *choose(local float4 *shared_v, private float4 *mine, int use_mine)
{
    if (use_mine)
        return mine; //~ ERROR AS-RETURN-CROSS
    return shared_v;
}

kernel void pick(local float4 *tile, global float4 *out)
{
    float4 v = (float4)(0.5f);
    size_t l = get_local_id(0);
    tile[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = *choose(tile + l, &v, 0);
}
