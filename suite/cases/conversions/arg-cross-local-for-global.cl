// A local pointer cannot be passed for a helper parameter that points to global.
//@ rules: AS-ARG-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

void store(global int *dst, int v)
{
    dst[0] = v;
}

kernel void stage(local int *tile, global int *out)
{
    size_t l = get_local_id(0);
    store(out + get_global_id(0), (int)l);
    store(tile + l, 0); //~ ERROR AS-ARG-CROSS
}
