// A typedef already in __global cannot be qualified __local again.
//@ rules: AS-MULTIPLE-SPACES
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef __global float gfloat_t;

kernel void scale(global float *data, local float *tile, float k)
{
    size_t l = get_local_id(0);
    __local gfloat_t *t = tile; //~ ERROR AS-MULTIPLE-SPACES
    t[l] = data[get_global_id(0)] * k;
    barrier(CLK_LOCAL_MEM_FENCE);
    data[get_global_id(0)] = tile[l];
}
