// A kernel image argument is already global: qualifying it __global is an error.
//@ rules: AS-IMAGE-ARG-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void copy_px(global read_only image2d_t img, global float4 *out) //~ ERROR AS-IMAGE-ARG-SPACE
{
    out[get_global_id(0)] = read_imagef(img, CLK_NORMALIZED_COORDS_FALSE | CLK_FILTER_NEAREST, (int2)(0, 0));
}
