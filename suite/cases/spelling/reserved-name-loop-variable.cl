// A loop counter cannot be called local (declaration and every use are on the one offending line).
//@ rules: AS-RESERVED-NAME
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void window_sum(global const float *in, global float *out)
{
    size_t base = get_global_id(0) * 4;
    float acc = 0.0f;
    for (int local = 0; local < 4; ++local) acc += in[base + local]; //~ ERROR AS-RESERVED-NAME
    out[get_global_id(0)] = acc;
}
