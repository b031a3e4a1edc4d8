// A __local histogram array cannot be zero-initialised by an initialiser list.
//@ rules: AS-LOCAL-INIT
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void histogram(global const uchar *in, global int *out)
{
    __local int bins[4] = {0, 0, 0, 0}; //~ ERROR AS-LOCAL-INIT
    atomic_inc(&bins[in[get_global_id(0)] & 3]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) < 4)
        out[get_group_id(0) * 4 + get_local_id(0)] = bins[get_local_id(0)];
}
