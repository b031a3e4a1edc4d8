// prefetch cannot take a pointer to __local.
//@ rules: AS-PREFETCH-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void warm(local float *tile, global float *out)
{
    prefetch(tile, 16); //~ ERROR AS-PREFETCH-SPACE
    out[get_global_id(0)] = tile[get_local_id(0)];
}
