// A helper's image parameter cannot be declared __constant.
//@ rules: AS-IMAGE-ARG-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

float4 corner(__constant read_only image2d_t img) //~ ERROR AS-IMAGE-ARG-SPACE
{
    return read_imagef(img, CLK_NORMALIZED_COORDS_FALSE | CLK_FILTER_NEAREST, (int2)(0, 0));
}

kernel void copy_px(read_only image2d_t img, global float4 *out)
{
    out[get_global_id(0)] = corner(img);
}
