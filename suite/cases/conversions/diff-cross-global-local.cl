// The difference of a global and a local int pointer is an error.
//@ rules: AS-DIFF-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void distance(global int *data, local int *tile, global long *out)
{
    out[get_global_id(0)] = (long)(data - tile); //~ ERROR AS-DIFF-CROSS
}
