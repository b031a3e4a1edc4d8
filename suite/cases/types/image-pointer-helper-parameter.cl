// A helper cannot take a pointer to an image as its parameter type (declared through a typedef).
//@ rules: AS-IMAGE-POINTER
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef image2d_t *image_ref; //~ ERROR AS-IMAGE-POINTER

kernel void width(read_only image2d_t img, global int *out)
{
    out[0] = get_image_width(img);
}
