// Constant memory comes from explicit __constant declarations: a program-scope table and a kernel-scope one are read through pointers to __constant.
//@ rules: CXX-CONSTANT-EXPLICIT CXX-INIT-CONSTANT-CONSTEXPR
//@ profiles: CLC++2021

__constant int weights[4] = {1, 2, 3, 4};

int weight_at(__constant const int *table, int k)
{
    return table[k];
}

__kernel void apply(__global int *out)
{
    __constant float4 bias = (float4)(0.5f, 0.5f, 0.5f, 0.5f);
    __constant const int *w = weights;
    size_t i = get_global_id(0);
    out[i] = weight_at(w, (int)(i % 4)) + (int)(bias.x * 2.0f);
}
