// A helper's automatic variable cannot be named global, even with its only use on the same line.
//@ rules: AS-RESERVED-NAME
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

float4 brighten(float4 c, float k)
{
    float4 global = c * k; return clamp(global, 0.0f, 1.0f); //~ ERROR AS-RESERVED-NAME
}

kernel void shade(global float4 *pixels, float k)
{
    size_t i = get_global_id(0);
    pixels[i] = brighten(pixels[i], k);
}
