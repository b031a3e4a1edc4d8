// Same-space assignments, adding const or volatile and mixing spellings, are fine in every version.
//@ rules: AS-ASSIGN-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct {
    int count;
    float sum;
} stat_t;

kernel void update(global stat_t *stats, __global stat_t *spare, local float4 *tile, constant int *sel)
{
    global stat_t *s;
    const __global stat_t *ro;
    local float4 *t;
    volatile local float4 *vt;
    constant int *c;
    int x = 0;
    private int *px;
    s = sel[0] ? stats : spare;
    ro = s;
    t = tile;
    vt = t;
    c = sel;
    px = &x;
    *px = ro->count + c[0];
    vt[get_local_id(0)] = (float4)((float)*px);
    s->sum = (float)x;
}
