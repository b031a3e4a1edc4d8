// Valid code: generic pointers passed to and returned from helpers, compared, selected and cast
// back, and given to built-ins with generic pointer overloads (fract, modf, frexp, sincos, vloadn).
//@ rules: AS-GENERIC-FROM-NAMED AS-GENERIC-TO-NAMED AS-COMPARE-CROSS AS-COND-CROSS AS-GENERIC-DEFAULT
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals
float4 load_any(const float *p, size_t i) { return vload4(i, p); }
void store_any(float *p, float4 v) { vstore4(v, 0, p); }
float *pick(float *a, float *b, int c) { return c ? a : b; }
int same(const float *a, const float *b) { return a == b; }
kernel void gen(global float *g, local float *l, constant float *c, global int *gi)
{
    float priv[8];
    float ip;
    float fr = fract(g[0], &ip);
    float fr2 = modf(g[1], &priv[0]);
    int e;
    float m = frexp(g[2], &e);
    float s, co; s = sincos(g[3], &co);
    float *gp = g;
    float4 v = load_any(g, 0) + load_any(l, 0) + load_any(priv, 0) + vload4(0, gp);
    store_any(g, v); store_any(l, v); store_any(priv, v); vstore4(v, 0, gp);
    float *sel = get_local_id(0) ? (float *)g : (float *)l;
    float *q = pick(g, priv, 1);
    if (gp == g || gp != l || same(g, l) || q < gp) v.x += 1.0f;
    global float *back = (global float *)gp;
    local float *lback = (local float *)sel;
    private float *pback = (private float *)q;
    int *ig = (int *)gi;
    atomic_inc(gi);
    g[get_global_id(0)] = fr + fr2 + m + s + co + ip + e + *back + *lback + *pback + v.y + (float)*ig + c[0];
}
