// Near miss: image arguments without an address space (read_only, write_only, image3d_t), passed on to helpers.
//@ rules: AS-IMAGE-ARG-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

float4 fetch(read_only image2d_t img, int2 c)
{
    return read_imagef(img, CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST, c);
}

void store(write_only image2d_t img, int2 c, float4 v)
{
    write_imagef(img, c, v);
}

kernel void copy_px(read_only image2d_t src, write_only image2d_t dst, read_only image3d_t vol, global int *dims)
{
    int2 c = (int2)((int)get_global_id(0), (int)get_global_id(1));
    store(dst, c, fetch(src, c));
    dims[0] = get_image_depth(vol);
}
