// A __constant array cannot be declared in a loop body inside a kernel.
//@ rules: AS-CONSTANT-SCOPE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void taps(global const float *in, global float *out)
{
    float acc = 0.0f;
    for (int t = 0; t < 2; t++) {
        constant float w[2] = {0.5f, 0.5f}; //~ ERROR AS-CONSTANT-SCOPE
        acc += w[t] * in[get_global_id(0) + t];
    }
    out[get_global_id(0)] = acc;
}
