// A helper's automatic float4 is __private: a __global reference cannot bind to it.
//@ rules: CXX-IMPLICIT-PRIVATE
//@ profiles: CLC++2021

float total(float4 in)
{
    float4 scaled = in * 2.0f;
    __global float4 &ref = scaled; //~ ERROR CXX-IMPLICIT-PRIVATE
    return ref.x + ref.y + ref.z + ref.w;
}

__kernel void reduce(__global const float4 *in, __global float *out)
{
    size_t i = get_global_id(0);
    out[i] = total(in[i]);
}
