// Valid code: image arguments with access qualifiers, samplers at program scope and as kernel
// arguments, image queries, and images passed on to helper functions.
//@ rules: AS-SAMPLER-SPACE AS-IMAGE-ARG-SPACE AS-IMAGE-POINTER
//@ profiles: CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: uses=image

__constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
const sampler_t linear = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;

float4 fetch(read_only image2d_t img, sampler_t s, int2 pos)
{
    return read_imagef(img, s, pos);
}

kernel void images(__read_only image2d_t src, __write_only image2d_t dst, read_only image3d_t vol,
                   read_only image1d_t lut, sampler_t user, __global float *stats)
{
    int2 pos = (int2)(get_global_id(0), get_global_id(1));
    int w = get_image_width(src), h = get_image_height(src);
    int2 dim = get_image_dim(src);
    float2 uv = (float2)((float)pos.x / (float)w, (float)pos.y / (float)h);
    float4 a = fetch(src, nearest, pos);
    float4 b = read_imagef(src, linear, uv);
    float4 c = read_imagef(vol, user, (float4)(uv, 0.5f, 0.0f));
    float4 d = read_imagef(lut, nearest, pos.x & 255);
    uint4 raw = read_imageui(src, nearest, pos);
    write_imagef(dst, pos, (a + b + c + d) * 0.25f);
    int order = get_image_channel_order(src), type = get_image_channel_data_type(src);
    stats[0] = (float)(dim.x + dim.y + order + type + get_image_depth(vol)) + (float)raw.x;
}
