// Table row constant, constant-expression initialiser: __constant scalars, arrays, vectors, aggregates and constexpr-function results, at program and kernel scope, compile.
//@ rules: CXX-INIT-CONSTANT-CONSTEXPR CXX-INIT-CONSTANT-TRIVIAL CXX-INIT-CONSTANT-CUSTOM
//@ profiles: CLC++2021

struct Pod { int key; float weight; };

constexpr int square(int x) { return x * x; }

__constant int threshold = 0;
__constant int table[4] = {1, 2, 3, 4};
__constant float4 bias = (float4)(0.5f, 0.5f, 0.5f, 0.5f);
__constant Pod pod = {3, 0.25f};
__constant int area = square(6);

__kernel void apply(__global int *out)
{
    __constant int local_table[2] = {10, 20};
    size_t i = get_global_id(0);
    out[i] = threshold + table[i % 4] + (int)(bias.y * 2.0f) + pod.key + area + local_table[i % 2];
}
