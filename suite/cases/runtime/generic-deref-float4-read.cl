// A generic float4 pointer reads from a global buffer, a local tile and a private vector, and writes through to each.
//@ rules: AS-GENERIC-DEREF
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals
//@ kind: run
//@ launch: vec_sum 16/16
//@ arg: buffer float[64] vecs = i
//@ arg: buffer int[16] out
//@ expect: out[i] == (16 * i + 6) + 4 * (i + 1) + 8

float sum4(const float4 *p)
{
    return p->x + p->y + p->z + p->w;
}

void bump(float4 *p)
{
    *p += (float4)(1.0f);
}

kernel void vec_sum(global float4 *vecs, global int *out)
{
    local float4 shared_v[16];
    float4 priv = (float4)(1.0f, 1.0f, 1.0f, 1.0f);
    size_t i = get_global_id(0);
    shared_v[i] = (float4)((float)i);
    bump(&shared_v[i]);
    bump(&priv);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[i] = (int)(sum4(&vecs[i]) + sum4(&shared_v[i]) + sum4(&priv));
}
