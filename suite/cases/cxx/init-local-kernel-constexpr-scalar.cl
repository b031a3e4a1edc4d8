// Table row local/kernel, constant-expression initialiser: C++ for OpenCL keeps OpenCL C's rule that __local variables cannot be initialised.
//@ rules: CXX-INIT-LOCAL-KERNEL-CONSTEXPR
//@ profiles: CLC++2021

__kernel void stage(__global int *out)
{
    __local int flag = 1; //~ ERROR CXX-INIT-LOCAL-KERNEL-CONSTEXPR
    out[get_global_id(0)] = flag;
}
