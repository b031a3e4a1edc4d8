// C++ for OpenCL keeps OpenCL C's rule: no address space on a return type, only on a returned pointee.
//@ rules: CXX-RETURN-SPACE
//@ profiles: CLC++2021

__local int scale(int x) //~ ERROR CXX-RETURN-SPACE
{
    return 2 * x;
}

__kernel void k(__global int *out)
{
    out[0] = scale(3);
}
