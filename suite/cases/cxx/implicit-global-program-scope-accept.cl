// Program-scope, static and extern variables with no address space are __global: their addresses initialise pointers to __global.
//@ rules: CXX-IMPLICIT-GLOBAL CXX-INIT-GLOBAL-PROGRAM-TRIVIAL
//@ profiles: CLC++2021
//@ props: storage=program linkage=external

int counter;
static float4 accum;
extern int shared_total;
int shared_total = 3;

__kernel void bump(__global int *out)
{
    static int launches;
    __global int *c = &counter;
    __global float4 *a = &accum;
    __global int *s = &shared_total;
    __global int *l = &launches;
    *c += 1;
    *l += 1;
    a->x += 1.0f;
    out[get_global_id(0)] = *c + *s + *l + (int)a->x;
}
