// ?: with a global and a local pointer has no common type, even where the generic space exists.
//@ rules: AS-COND-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void source(global int *data, local int *tile, int use_tile, global int *out)
{
    tile[get_local_id(0)] = 7;
    barrier(CLK_LOCAL_MEM_FENCE);
    int v = *(use_tile ? tile : data); //~ ERROR AS-COND-CROSS
    out[get_global_id(0)] = v;
}
