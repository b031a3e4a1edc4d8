// clang's attribute spellings work wherever the keywords do: kernel arguments, a local array, pointee
// spaces, and a keyword and an attribute naming the same space (a duplicate, not two spaces).
//@ rules: AS-MULTIPLE-SPACES AS-SPELLING-ALIAS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: spelling=attribute

typedef __attribute__((opencl_local)) float lfloat;

float first(__attribute__((opencl_constant)) float *c)
{
    return c[0];
}

kernel void scale(__attribute__((opencl_global)) float *data, constant float *factors)
{
    __attribute__((opencl_local)) float tile[64];
    local lfloat *t = tile;
    global float *g = data;
    size_t l = get_local_id(0);
    t[l] = g[get_global_id(0)] * first(factors);
    barrier(CLK_LOCAL_MEM_FENCE);
    data[get_global_id(0)] = tile[l];
}
