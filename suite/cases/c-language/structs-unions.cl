// Valid code: structs and unions with pointer members into each space, nested and
// self-referential records, records passed by value and through pointers in every space.
//@ rules: AS-STRUCT-FIELD AS-KERNEL-ARG-PTR-SPACE AS-ASSIGN-CROSS AS-INIT-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

struct particle {
    float4 pos;
    float4 vel;
    int id;
};

typedef struct view {
    __global float *data;
    __local float *scratch;
    __constant float *coeffs;
    __private int *counter;
    int n;
} view_t;

union bits {
    float f;
    uint u;
    uchar bytes[4];
};

struct node {
    struct node *next;
    int value;
};

struct outer {
    struct { int lo, hi; } range;
    union bits b;
    float m[2][2];
};

float sum_view(view_t v)
{
    float s = 0.0f;
    for (int i = 0; i < v.n; ++i)
        s += v.data[i] * v.coeffs[i & 3];
    v.scratch[0] = s;
    *v.counter += 1;
    return s;
}

void bump(__global struct particle *p, float dt)
{
    p->pos += p->vel * dt;
    (*p).id++;
}

int walk(struct node *head)
{
    int s = 0;
    for (struct node *n = head; n; n = n->next)
        s += n->value;
    return s;
}

__constant float coeffs[4] = {1.0f, 0.5f, 0.25f, 0.125f};

kernel void records(__global float *data, __global struct particle *ps, __local float *scratch, __local struct particle *lps)
{
    int counter = 0;
    view_t v = {data, scratch, coeffs, &counter, 4};
    view_t w;
    w = v;
    w.data = data + 1;
    union bits b;
    b.f = sum_view(w);
    struct node n2 = {0, 2};
    struct node n1 = {&n2, 1};
    struct outer o = {{0, 1}, {0.0f}, {{1.0f, 0.0f}, {0.0f, 1.0f}}};
    o.b.u = b.u ^ 0x80000000u;
    bump(&ps[get_global_id(0)], 0.01f);
    lps[get_local_id(0)] = ps[get_global_id(0)];
    __global float4 *fp4 = &ps[0].pos;
    __global float *fp = (__global float *)fp4;
    __local int *ip = &lps[0].id;
    data[0] = o.b.f + (float)walk(&n1) + (float)o.range.hi + *fp + (float)*ip + (float)b.bytes[3];
}
