// Near miss: samplers as program-scope __constant and const, as private kernel variables and as parameters passed on.
//@ rules: AS-SAMPLER-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: uses=sampler

constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
const sampler_t edge = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

float4 fetch(read_only image2d_t img, sampler_t smp, int2 c)
{
    return read_imagef(img, smp, c);
}

kernel void sample(read_only image2d_t img, sampler_t arg_smp, global float4 *out)
{
    sampler_t local_smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;
    int2 c = (int2)((int)get_global_id(0), 0);
    out[get_global_id(0)] = fetch(img, nearest, c) + fetch(img, edge, c) + fetch(img, arg_smp, c) + fetch(img, local_smp, c);
}
