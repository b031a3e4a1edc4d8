// Near miss: a static __constant variable in a kernel's outermost scope is valid in every profile.
//@ rules: AS-STATIC-SPACE
//@ profiles: CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void offsets(global int *out)
{
    static constant int stride = 4;
    out[get_global_id(0)] = (int)get_global_id(0) * stride;
}
