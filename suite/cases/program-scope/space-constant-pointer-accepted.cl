// Near miss: a program-scope pointer variable in __constant that points to __constant data is valid everywhere.
//@ rules: AS-PROGSCOPE-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: uses=constant-address-data

__constant float weights[3] = {0.25f, 0.5f, 0.25f};
__constant float *constant weights_ptr = weights;

kernel void blur(global const float *in, global float *out)
{
    size_t i = get_global_id(0) + 1;
    out[i] = weights_ptr[0] * in[i - 1] + weights_ptr[1] * in[i] + weights_ptr[2] * in[i + 1];
}
