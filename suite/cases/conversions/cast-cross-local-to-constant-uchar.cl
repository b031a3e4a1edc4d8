// A cast that also changes the pointee type (local float4 to constant uchar) is still a cast between named spaces.
//@ rules: AS-CAST-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void first_byte(local float4 *tile, global uchar *out)
{
    tile[get_local_id(0)] = (float4)(1.0f);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = *(constant uchar *)tile; //~ ERROR AS-CAST-CROSS
}
