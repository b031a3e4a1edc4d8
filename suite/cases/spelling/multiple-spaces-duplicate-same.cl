// The same space twice, in either spelling or through a typedef, is a duplicate qualifier, not two spaces.
//@ rules: AS-MULTIPLE-SPACES
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef local float lfloat_t;

kernel void dup(global global int *out, __local local float *tile)
{
    __local lfloat_t *t = tile;
    size_t l = get_local_id(0);
    t[l] = (float)l;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = (int)tile[l];
}
