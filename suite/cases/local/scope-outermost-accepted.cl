// Near miss: __local scalars, vectors, arrays and structs at a kernel's outermost scope (after statements too); helpers take and hold pointers to __local.
//@ rules: AS-LOCAL-SCOPE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct { int count; float sum; } acc_t;

void add_to(local acc_t *acc, float x)
{
    local acc_t *p = acc;
    p->count += 1;
    p->sum += x;
}

kernel void gather(global const float *in, global float *out, local float *scratch)
{
    size_t l = get_local_id(0);
    local acc_t acc;
    local float4 lanes[4];
    __local int flags[16];
    scratch[l] = in[get_global_id(0)];
    if (l == 0) {
        local float *s = scratch;
        acc.count = 0;
        acc.sum = s[0];
        add_to(&acc, s[1]);
        lanes[0] = (float4)(acc.sum);
        flags[0] = acc.count;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = lanes[0].x + (float)flags[0];
}
