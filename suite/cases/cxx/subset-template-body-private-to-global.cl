// Templates are checked as written: in a function template's body, the address of an automatic variable is __private, so it cannot initialise a pointer to __global.
//@ rules: CXX-IMPLICIT-PRIVATE
//@ profiles: CLC++2021

template <typename T, int N>
T reduce(__global const T *in)
{
    int count = N;
    __global int *c = &count; //~ ERROR CXX-IMPLICIT-PRIVATE
    T s = T(0);
    for (int k = 0; k < *c; k++)
        s += in[k];
    return s;
}

__kernel void apply(__global const float *in, __global float *out)
{
    out[get_global_id(0)] = reduce<float, 4>(in);
}
