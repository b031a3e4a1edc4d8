// A program-scope sampler cannot be __global, even where program-scope globals exist.
//@ rules: AS-SAMPLER-SPACE
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals

global sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST; //~ ERROR AS-SAMPLER-SPACE

kernel void sample(read_only image2d_t img, global float4 *out)
{
    out[get_global_id(0)] = read_imagef(img, smp, (int2)(0, 0));
}
