// A kernel image argument cannot be declared __local.
//@ rules: AS-IMAGE-ARG-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void size_of(local read_only image2d_t img, global int *out) //~ ERROR AS-IMAGE-ARG-SPACE
{
    out[0] = get_image_width(img);
}
