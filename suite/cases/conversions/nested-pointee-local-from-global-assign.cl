// Assigning a pointer to global float pointers to a pointer to local float pointers is an error.
//@ rules: AS-NESTED-POINTEE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void swap_views(global float *g, local float *l, global float *out)
{
    global float *gslots[1];
    local float *lslots[1];
    gslots[0] = g;
    lslots[0] = l;
    global float **gq = gslots;
    local float **lq = lslots;
    lq = gq; //~ ERROR AS-NESTED-POINTEE
    out[get_global_id(0)] = **lq;
}
