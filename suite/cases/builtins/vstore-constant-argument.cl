// vstore4 has no overload that writes into __constant.
//@ rules: AS-VSTORE-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void store(constant float *dst, global const float4 *in)
{
    vstore4(in[get_global_id(0)], get_global_id(0), dst); //~ ERROR AS-VSTORE-SPACE
}
