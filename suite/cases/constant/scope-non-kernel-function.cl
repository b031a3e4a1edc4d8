// A non-kernel function cannot declare a __constant variable.
//@ rules: AS-CONSTANT-SCOPE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

float weigh(float x)
{
    __constant float weight = 0.75f; //~ ERROR AS-CONSTANT-SCOPE
    return x * weight;
}

kernel void apply(global float *data)
{
    data[get_global_id(0)] = weigh(data[get_global_id(0)]);
}
