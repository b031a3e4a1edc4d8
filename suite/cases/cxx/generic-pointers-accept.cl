// Unqualified pointers and references are generic: they bind to __global, __local and __private objects alike.
//@ rules: CXX-GENERIC-POINTERS
//@ profiles: CLC++2021

struct Acc { int total; };

void add(int &dst, const int *src)
{
    dst += *src;
}

void add_acc(Acc *a, int v)
{
    a->total += v;
}

__kernel void gather(__global int *out, __global const int *in)
{
    __local int tile[8];
    int mine = 1;
    Acc acc = {0};
    size_t lid = get_local_id(0);
    tile[lid] = (int)lid;
    barrier(CLK_LOCAL_MEM_FENCE);
    int &r = out[get_global_id(0)];
    r = 0;
    add(r, &in[get_global_id(0)]);
    add(r, &tile[lid]);
    add(r, &mine);
    add_acc(&acc, r);
    const int *g = in;
    r = acc.total + *g;
}
