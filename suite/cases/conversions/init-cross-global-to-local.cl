// A local pointer cannot be initialised with a global pointer.
//@ rules: AS-INIT-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void stage(global int *in, global int *out)
{
    local int *tile = in; //~ ERROR AS-INIT-CROSS
    out[get_global_id(0)] = tile[get_local_id(0)];
}
