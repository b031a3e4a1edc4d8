// A typedef and a struct field spelled __local/__constant hold values whose types are spelled local/constant.
//@ rules: AS-SPELLING-ALIAS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef __local float4 lvec_t;

struct views {
    constant float *coeffs;
    __local float4 *tile;
};

kernel void blend(global float4 *out, constant float *coeffs, local float4 *tile)
{
    struct views v;
    v.coeffs = coeffs;
    v.tile = tile;
    lvec_t *t = v.tile;
    __constant float *c = v.coeffs;
    size_t l = get_local_id(0);
    t[l] = out[get_global_id(0)] * c[0];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = t[l];
}
