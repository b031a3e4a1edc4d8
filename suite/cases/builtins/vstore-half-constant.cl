// vstore_half cannot write into a __constant half buffer in a helper.
//@ rules: AS-VSTORE-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

void pack(float x, size_t i, __constant half *dst)
{
    vstore_half(x, i, dst); //~ ERROR AS-VSTORE-SPACE
}

kernel void run(global const float *in, constant half *dst)
{
    pack(in[get_global_id(0)], get_global_id(0), dst);
}
