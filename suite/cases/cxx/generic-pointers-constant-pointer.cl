// Constant is outside the generic space: an unqualified pointer to const float4 cannot hold the address of a __constant table.
//@ rules: CXX-GENERIC-POINTERS
//@ profiles: CLC++2021

__constant float4 table[2] = {(float4)(1.0f), (float4)(2.0f)};

__kernel void apply(__global float4 *out)
{
    const float4 *t = &table[1]; //~ ERROR CXX-GENERIC-POINTERS
    out[get_global_id(0)] = *t;
}
