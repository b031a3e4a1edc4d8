// constant/__constant and private/__private are interchangeable: a __constant table read through a constant parameter, private and __private automatics.
//@ rules: AS-SPELLING-ALIAS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

__constant float weights[4] = {0.1f, 0.2f, 0.3f, 0.4f};

float dot4(constant float *w, __private float4 v)
{
    return w[0] * v.x + w[1] * v.y + w[2] * v.z + w[3] * v.w;
}

kernel void weigh(global const float4 *in, __global float *out)
{
    private float4 v = in[get_global_id(0)];
    __private float acc = dot4(weights, v);
    private float *slot = &acc;
    out[get_global_id(0)] = *slot;
}
