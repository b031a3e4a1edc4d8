// Comparing a global pointer with a local pointer for equality is an error: the spaces are disjoint.
//@ rules: AS-COMPARE-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void same_buffer(global int *data, local int *tile, global int *out)
{
    int same = 0;
    if (data == tile) //~ ERROR AS-COMPARE-CROSS
        same = 1;
    out[get_global_id(0)] = same + tile[get_local_id(0)];
}
