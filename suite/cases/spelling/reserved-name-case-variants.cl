// Names are case-sensitive: Global, LOCAL, Constant and Private are not reserved.
//@ rules: AS-RESERVED-NAME
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

#define LOCAL 16

typedef struct {
    float Global;
    float Constant;
} totals_t;

float Private(float x)
{
    return x * 0.5f;
}

kernel void totals(global totals_t *out, global const float *in)
{
    totals_t t;
    t.Global = in[get_global_id(0)];
    t.Constant = Private(t.Global) + (float)LOCAL;
    out[get_global_id(0)] = t;
}
