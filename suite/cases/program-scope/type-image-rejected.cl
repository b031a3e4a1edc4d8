// An unqualified image2d_t is an invalid type for a program-scope variable (table 6.3), whatever spaces program scope allows.
//@ rules: AS-PROGSCOPE-TYPE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

image2d_t im; //~ ERROR AS-PROGSCOPE-TYPE

kernel void size_of(global int *out)
{
    out[0] = get_image_width(im);
}
