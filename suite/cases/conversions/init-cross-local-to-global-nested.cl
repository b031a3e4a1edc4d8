// Inside a nested block, a global float4 pointer cannot be initialised from a local one.
//@ rules: AS-INIT-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void flush(local float4 *tile, global float4 *out)
{
    size_t l = get_local_id(0);
    tile[l] = (float4)((float)l);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) {
        global float4 *dst = tile; //~ ERROR AS-INIT-CROSS
        out[get_group_id(0)] = dst[0];
    }
}
