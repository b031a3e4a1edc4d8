// Real-world style: separable Gaussian blur reading a 2-D image through a clamp-to-edge sampler,
// with the filter weights in a __constant buffer argument and a program-scope sampler.
//@ rules: AS-SAMPLER-SPACE AS-IMAGE-ARG-SPACE AS-CONSTANT-READABLE AS-KERNEL-ARG-PTR-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: uses=image

__constant sampler_t blur_sampler = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void blur_horizontal(__read_only image2d_t src, __write_only image2d_t dst,
                              __constant float *weights, const int radius)
{
    const int2 pos = (int2)(get_global_id(0), get_global_id(1));
    if (pos.x >= get_image_width(src) || pos.y >= get_image_height(src))
        return;
    float4 sum = (float4)(0.0f);
    for (int i = -radius; i <= radius; ++i)
        sum += read_imagef(src, blur_sampler, pos + (int2)(i, 0)) * weights[i + radius];
    write_imagef(dst, pos, sum);
}

__kernel void blur_vertical(__read_only image2d_t src, __write_only image2d_t dst,
                            __constant float *weights, const int radius, sampler_t s)
{
    const int2 pos = (int2)(get_global_id(0), get_global_id(1));
    float4 sum = (float4)(0.0f);
    for (int i = -radius; i <= radius; ++i)
        sum += read_imagef(src, s, pos + (int2)(0, i)) * weights[i + radius];
    write_imagef(dst, pos, clamp(sum, 0.0f, 1.0f));
}
