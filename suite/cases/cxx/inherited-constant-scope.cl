// C++ for OpenCL inherits OpenCL C's storage rules: a __constant variable may only be declared in the outermost scope of a kernel, not in a helper function or a nested block.
//@ rules: AS-CONSTANT-SCOPE
//@ profiles: CLC++2021

int scale(int n)
{
    __constant int factor = 3; //~ ERROR AS-CONSTANT-SCOPE
    return factor * n;
}

__kernel void fill(__global int *out)
{
    if (out[0] > 0) {
        constant int bias = 1; //~ ERROR AS-CONSTANT-SCOPE
        out[1] = bias;
    }
    out[0] = scale(2);
}
