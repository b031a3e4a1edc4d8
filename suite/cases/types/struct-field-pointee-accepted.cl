// Near miss: struct and union members may point into any space, with const, volatile and restrict on the pointee or pointer.
//@ rules: AS-STRUCT-FIELD
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct {
    global float *data;
    local int *scratch;
    constant int *lut;
    const global float4 *restrict in;
    volatile global int *flag;
    global int *local *indirect;
    int n;
} view_t;

union ptrs { global int *g; global uint *u; };

constant int lut[2] = {1, 2};

kernel void use(global float *data, global float4 *in, global int *flag, local int *scratch)
{
    view_t v;
    union ptrs p;
    v.data = data;
    v.scratch = scratch;
    v.lut = lut;
    v.in = in;
    v.flag = flag;
    v.indirect = 0;
    v.n = v.lut[1];
    p.g = flag;
    v.scratch[get_local_id(0)] = v.n;
    v.data[get_global_id(0)] = v.in[get_global_id(0)].x + (float)*p.u;
    *v.flag = (v.indirect == 0);
}
