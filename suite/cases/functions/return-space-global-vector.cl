// A helper cannot return a __global float4 value.
//@ rules: AS-RETURN-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

__global float4 brighter(float4 c) //~ ERROR AS-RETURN-SPACE
{
    return c * 1.25f;
}

kernel void brighten(global float4 *pixels)
{
    size_t i = get_global_id(0);
    pixels[i] = brighter(pixels[i]);
}
