// An enumerator cannot be called constant, even when the program never refers to it.
//@ rules: AS-RESERVED-NAME
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

enum blend_mode { additive, constant, multiply }; //~ ERROR AS-RESERVED-NAME

kernel void blend(global float *dst, global const float *src, int mode)
{
    size_t i = get_global_id(0);
    if (mode == additive)
        dst[i] += src[i];
    else if (mode == multiply)
        dst[i] *= src[i];
}
