// A function returning a global int pointer cannot return a local one.
//@ rules: AS-RETURN-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

global int *as_output(local int *tile)
{
    return tile; //~ ERROR AS-RETURN-CROSS
}

kernel void stage(local int *tile, global int *out)
{
    tile[get_local_id(0)] = 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = as_output(tile)[0];
}
