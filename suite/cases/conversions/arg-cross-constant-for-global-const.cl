// A constant float pointer cannot be passed for a const global float parameter: const does not make the spaces meet.
//@ rules: AS-ARG-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

float mean(const global float *v, int n)
{
    float s = 0.0f;
    for (int i = 0; i < n; ++i)
        s += v[i];
    return s / (float)n;
}

kernel void means(constant float *weights, global const float *data, global float *out)
{
    out[0] = mean(data, 8);
    out[1] = mean(weights, 8); //~ ERROR AS-ARG-CROSS
}
