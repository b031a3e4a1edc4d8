// Near miss: images are passed by value to helpers and read only through built-in functions.
//@ rules: AS-IMAGE-POINTER
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

int area(read_only image2d_t img)
{
    return get_image_width(img) * get_image_height(img);
}

kernel void stats(read_only image2d_t img, global int *out, global float4 *px)
{
    out[0] = area(img);
    px[0] = read_imagef(img, CLK_NORMALIZED_COORDS_FALSE | CLK_FILTER_NEAREST, (int2)(0, 0));
}
