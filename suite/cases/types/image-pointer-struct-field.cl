// A struct member cannot be a pointer to an image.
//@ rules: AS-IMAGE-POINTER
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

struct frame {
    read_only image2d_t *img; //~ ERROR AS-IMAGE-POINTER
    int id;
};

kernel void tag(global struct frame *frames, global int *out)
{
    out[get_global_id(0)] = frames[get_global_id(0)].id;
}
