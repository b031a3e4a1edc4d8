// A helper's scalar parameter cannot be declared global: parameters are private.
//@ rules: AS-PARAM-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

float scale(global float x, float k) //~ ERROR AS-PARAM-SPACE
{
    return x * k;
}

kernel void scale_all(global float *data, float k)
{
    size_t i = get_global_id(0);
    data[i] = scale(data[i], k);
}
