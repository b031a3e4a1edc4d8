// Near miss: reading const __global buffers, moving a pointer to const __global, and writing through a const pointer to non-const __global.
//@ rules: AS-CONST-GLOBAL
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

float first(const global float *restrict p)
{
    return p[0];
}

kernel void copy(const global float *in, global float *const out, volatile const global int *flag)
{
    const global float *cursor = in;
    cursor += get_global_id(0);
    out[get_global_id(0)] = *cursor + first(in) + (float)*flag;
}
