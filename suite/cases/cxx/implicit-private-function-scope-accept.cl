// Function-scope variables without static are __private: their addresses bind to __private pointers and references, in a kernel and a helper.
//@ rules: CXX-IMPLICIT-PRIVATE CXX-INIT-PRIVATE-TRIVIAL
//@ profiles: CLC++2021

struct Pair { int a; int b; };

int sum_pair(int seed)
{
    Pair p;
    __private Pair *pp = &p;
    pp->a = seed;
    pp->b = seed * 2;
    return p.a + p.b;
}

__kernel void locals(__global int *out)
{
    int x;
    float4 v;
    int arr[4];
    __private int *px = &x;
    __private float4 &rv = v;
    __private int (*parr)[4] = &arr;
    *px = (int)get_global_id(0);
    rv = (float4)(1.0f);
    (*parr)[0] = 2;
    out[get_global_id(0)] = x + (int)v.y + arr[0] + sum_pair(x);
}
