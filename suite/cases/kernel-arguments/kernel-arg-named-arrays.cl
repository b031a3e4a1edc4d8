// Array arguments to named spaces (global int data[], constant float coeffs[8], local uchar buf[]) are valid.
//@ rules: AS-KERNEL-ARG-PTR-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void fir(global float data[], constant float coeffs[8], local uchar buf[])
{
    size_t i = get_global_id(0);
    buf[get_local_id(0)] = (uchar)i;
    float acc = 0.0f;
    for (int k = 0; k < 8; ++k)
        acc += coeffs[k] * data[i + k];
    data[i] = acc + (float)buf[get_local_id(0)];
}
