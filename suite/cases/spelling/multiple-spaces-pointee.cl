// A pointee cannot be both global and local: the two qualifiers name no type.
//@ rules: AS-MULTIPLE-SPACES
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void stage(global int *out, local int *tile)
{
    size_t l = get_local_id(0);
    global local int *p = tile; //~ ERROR AS-MULTIPLE-SPACES
    p[l] = (int)l;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tile[l];
}
