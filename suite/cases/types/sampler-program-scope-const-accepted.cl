// Program-scope samplers declared const, or in __constant, in both spellings.
//@ rules: AS-SAMPLER-PROGSCOPE-CONST
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: qualifier=const

const sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
constant sampler_t linear = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;
__constant sampler_t edge = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

kernel void sample(read_only image2d_t img, global float4 *out)
{
    out[0] = read_imagef(img, nearest, (int2)(0, 0));
    out[1] = read_imagef(img, linear, (float2)(0.5f, 0.5f));
    out[2] = read_imagef(img, edge, (int2)(1, 1));
}
