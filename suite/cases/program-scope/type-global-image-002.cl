// 002's example: "global image2d_t im; // Error. Invalid type for program scope variables".
//@ rules: AS-PROGSCOPE-TYPE
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals

global image2d_t im; //~ ERROR AS-PROGSCOPE-TYPE

kernel void size_of(global int *out)
{
    out[0] = get_image_width(im);
}
