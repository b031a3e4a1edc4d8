// Same-space initialisations, with const, volatile and restrict and both spellings, are fine everywhere.
//@ rules: AS-INIT-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void init_all(global float *data, local float *tile, constant float *k)
{
    float v = 1.0f;
    global float *restrict g = data;
    const __global float *cg = g;
    __local float *l = tile;
    volatile local float *vl = l;
    constant float *c = k;
    private float *p = &v;
    float acc[4] = {0.0f, 1.0f, 2.0f, 3.0f};
    private float *pa = acc;
    vl[get_local_id(0)] = cg[get_global_id(0)] * c[0] + *p + pa[get_local_id(0) & 3];
    barrier(CLK_LOCAL_MEM_FENCE);
    g[get_global_id(0)] = l[get_local_id(0)];
}
