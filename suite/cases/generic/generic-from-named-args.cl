// One helper with a generic const float parameter is called with global, local and private arrays.
//@ rules: AS-GENERIC-FROM-NAMED
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

float sum4(generic const float *v)
{
    return v[0] + v[1] + v[2] + v[3];
}

kernel void sums(global const float *in, local float *tile, global float *out)
{
    float mine[4] = {1.0f, 2.0f, 3.0f, 4.0f};
    size_t i = get_global_id(0);
    size_t l = get_local_id(0);
    tile[l] = in[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[i] = sum4(in + 4 * i) + sum4(tile) + sum4(mine);
}
