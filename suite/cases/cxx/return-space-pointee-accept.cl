// A returned pointer may point to any space, and a returned reference may refer to one.
//@ rules: CXX-RETURN-SPACE
//@ profiles: CLC++2021

__global int *at(__global int *base, int i)
{
    return base + i;
}

__global int &ref(__global int *base)
{
    return *base;
}

__kernel void k(__global int *out)
{
    *at(out, 1) = 2;
    ref(out) = 1;
}
