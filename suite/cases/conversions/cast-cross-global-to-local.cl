// An explicit cast from a global to a local int pointer is illegal.
//@ rules: AS-CAST-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void alias(global int *data, global int *out)
{
    local int *l = (local int *)data; //~ ERROR AS-CAST-CROSS
    out[get_global_id(0)] = l[0];
}
