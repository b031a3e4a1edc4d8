// A private float4 pointer cannot be assigned a local float4 pointer, even with the private space spelled out.
//@ rules: AS-ASSIGN-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void pick(local float4 *tile, global float4 *out)
{
    float4 mine = (float4)(1.0f);
    private float4 *p = &mine;
    if (get_local_id(0) == 0)
        p = tile; //~ ERROR AS-ASSIGN-CROSS
    out[get_global_id(0)] = *p;
}
