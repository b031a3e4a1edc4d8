// A __local struct cannot be initialised.
//@ rules: AS-LOCAL-INIT
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct { int lo; int hi; } pair_t;

kernel void bounds(global const int *in, global int *out)
{
    local pair_t range = {0, 0}; //~ ERROR AS-LOCAL-INIT
    if (get_local_id(0) == 0)
        range.hi = in[get_group_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = range.hi - range.lo;
}
