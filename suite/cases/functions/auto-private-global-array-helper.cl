// A non-kernel function's automatic array cannot be __global.
//@ rules: AS-AUTO-PRIVATE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

float average4(global const float *in)
{
    __global float copy[4]; //~ ERROR AS-AUTO-PRIVATE
    for (int i = 0; i < 4; ++i)
        copy[i] = in[i];
    return (copy[0] + copy[1] + copy[2] + copy[3]) * 0.25f;
}

kernel void averages(global const float *in, global float *out)
{
    size_t i = get_global_id(0);
    out[i] = average4(in + 4 * i);
}
