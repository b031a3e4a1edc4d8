// Table row private, constant-expression initialiser: automatic variables initialised by literals, constexpr values and aggregates compile.
//@ rules: CXX-INIT-PRIVATE-CONSTEXPR
//@ profiles: CLC++2021

struct Pod { int key; float weight; };

constexpr int square(int x) { return x * x; }

int scaled(int v)
{
    constexpr int factor = square(3);
    const Pod p = {2, 1.0f};
    return v * factor + p.key;
}

__kernel void compute(__global int *out)
{
    int start = 4;
    __private float4 v = (float4)(1.0f, 2.0f, 3.0f, 4.0f);
    int table[3] = {1, 2, 3};
    out[get_global_id(0)] = scaled(start) + (int)v.w + table[2];
}
