// Near miss: a __constant sampler at a kernel's outermost scope, where 000 allows __constant variables.
//@ rules: AS-SAMPLER-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: space=constant context=kernel-outermost type=sampler_t

kernel void sample(read_only image2d_t img, global float4 *out)
{
    constant sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
    out[get_global_id(0)] = read_imagef(img, smp, (int2)(0, 0));
}
