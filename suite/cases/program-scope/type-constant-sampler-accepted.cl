// Near miss: program-scope samplers are allowed as __constant or const sampler_t, beside ordinary constant data.
//@ rules: AS-PROGSCOPE-TYPE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
const sampler_t linear = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;
constant float4 tint = (float4)(1.0f, 0.9f, 0.8f, 1.0f);

kernel void sample(read_only image2d_t img, global float4 *out)
{
    int2 c = (int2)((int)get_global_id(0), (int)get_global_id(1));
    float4 a = read_imagef(img, nearest, c);
    float4 b = read_imagef(img, linear, (float2)(0.5f, 0.5f));
    out[get_global_id(1) * get_global_size(0) + get_global_id(0)] = (a + b) * tint;
}
