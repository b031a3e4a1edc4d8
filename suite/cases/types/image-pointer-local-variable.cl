// Taking a pointer to an image argument is an error: image elements are not directly accessible.
//@ rules: AS-IMAGE-POINTER
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void alias(read_only image2d_t img, global int *out)
{
    image2d_t *p = &img; //~ ERROR AS-IMAGE-POINTER
    out[0] = (p != 0);
}
