// Assigning a global int pointer to a local int pointer is an error in every version.
//@ rules: AS-ASSIGN-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void stage(global int *in, local int *tile, global int *out)
{
    local int *cursor = tile;
    size_t l = get_local_id(0);
    cursor[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    cursor = in; //~ ERROR AS-ASSIGN-CROSS
    out[get_global_id(0)] = cursor[l];
}
