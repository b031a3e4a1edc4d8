// private (or __private) on a parameter, helper or kernel, only says what is already true.
//@ rules: AS-PARAM-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

float4 lerp4(private float4 a, __private float4 b, private float t)
{
    return a + (b - a) * t;
}

kernel void blend(global float4 *dst, global const float4 *src, private float t)
{
    size_t i = get_global_id(0);
    dst[i] = lerp4(dst[i], src[i], t);
}
