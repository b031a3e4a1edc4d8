// C++ for OpenCL inherits OpenCL C's storage rules: a function-scope variable is private, so it cannot be declared __global, in a kernel or in a helper.
//@ rules: AS-AUTO-PRIVATE
//@ profiles: CLC++2021

int twice(int n)
{
    __global int g = n; //~ ERROR AS-AUTO-PRIVATE
    return 2 * n;
}

__kernel void fill(__global int *out)
{
    global int x = 1; //~ ERROR AS-AUTO-PRIVATE
    out[0] = twice(x);
}
