// Near miss: constant expressions and address constants initialise program-scope and static __global variables.
//@ rules: AS-PROGSCOPE-INIT
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals
//@ props: storage=program

global int baz = 12;
global int * global baz_ptr = &baz;
int bytes = 4 * sizeof(float4);
global float ratios[3] = {0.25f, 0.5f, 1.0f};
struct span { int lo; int hi; } window = {-1, 1 << 4};
global uchar bigbuf[512];

kernel void read_all(global float *out)
{
    static int calls = 3 * 2;
    size_t i = get_global_id(0);
    calls += 1;
    bigbuf[0] = (uchar)calls;
    out[i] = ratios[i % 3] * (float)(*baz_ptr + bytes + window.hi - window.lo);
}
