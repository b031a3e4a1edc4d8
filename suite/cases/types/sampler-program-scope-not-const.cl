// A program-scope sampler that is neither const nor __constant.
//@ rules: AS-SAMPLER-PROGSCOPE-CONST
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: qualifier=none

sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST; //~ ERROR AS-SAMPLER-PROGSCOPE-CONST

kernel void sample(read_only image2d_t img, global float4 *out)
{
    out[get_global_id(0)] = read_imagef(img, smp, (int2)(0, 0));
}
