// A function-scope static with no address space is __global: binding its address to a __private struct pointer in a helper is rejected.
//@ rules: CXX-IMPLICIT-GLOBAL
//@ profiles: CLC++2021

struct Stats { int calls; float last; };

int record(float value)
{
    static Stats stats;
    __private Stats *s = &stats; //~ ERROR CXX-IMPLICIT-GLOBAL
    s->calls += 1;
    s->last = value;
    return s->calls;
}

__kernel void sample(__global const float *in, __global int *out)
{
    size_t i = get_global_id(0);
    out[i] = record(in[i]);
}
