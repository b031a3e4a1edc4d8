// A helper's array cannot be declared __generic.
//@ rules: AS-GENERIC-OBJECT
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

float4 sum2(float4 a, float4 b)
{
    __generic float4 parts[2]; //~ ERROR AS-GENERIC-OBJECT
    parts[0] = a;
    parts[1] = b;
    return parts[0] + parts[1];
}

kernel void sums(global float4 *a, global const float4 *b)
{
    size_t i = get_global_id(0);
    a[i] = sum2(a[i], b[i]);
}
