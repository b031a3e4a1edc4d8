// Near miss: __constant variables at a kernel's outermost scope (after statements), and pointers to __constant in helpers and blocks.
//@ rules: AS-CONSTANT-SCOPE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

float dot3(constant float *w, const float *x)
{
    constant float *p = w;
    return p[0] * x[0] + p[1] * x[1] + p[2] * x[2];
}

kernel void taps(global const float *in, global float *out)
{
    size_t i = get_global_id(0);
    float x[3] = {in[i], in[i + 1], in[i + 2]};
    constant float w[3] = {0.25f, 0.5f, 0.25f};
    __constant float4 pad = (float4)(0.0f);
    if (i < 4) {
        constant float *wp = w;
        out[i] = dot3(wp, x) + pad.x;
    }
}
