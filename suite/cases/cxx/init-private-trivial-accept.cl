// Table row private, uninitialised: automatic scalars, vectors, arrays and trivially constructible structs in a kernel and a helper compile.
//@ rules: CXX-INIT-PRIVATE-TRIVIAL
//@ profiles: CLC++2021

struct Pod { int key; float weight; };

int fill(int seed)
{
    int tmp[4];
    Pod p;
    for (int k = 0; k < 4; k++)
        tmp[k] = seed + k;
    p.key = tmp[3];
    return p.key;
}

__kernel void compute(__global int *out)
{
    int x;
    __private float4 v;
    x = fill((int)get_global_id(0));
    v = (float4)((float)x);
    out[get_global_id(0)] = (int)v.z;
}
