// Image reads: a CL_RGBA / CL_UNSIGNED_INT32 image (16 bytes a pixel) read pixel by pixel in a
// grid-stride loop, row by row, with a nearest, unnormalised sampler. OpenCL C 1.2.

kernel void image_read(read_only image2d_t img, global uint *out, uint wshift, uint n) {
    const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;
    uint g = get_global_size(0);
    uint mask = (1u << wshift) - 1u;
    uint4 acc = 0;
    for (uint i = get_global_id(0); i < n; i += g)
        acc += read_imageui(img, s, (int2)((int)(i & mask), (int)(i >> wshift)));
    out[get_global_id(0)] = HSUM4(acc);
}
