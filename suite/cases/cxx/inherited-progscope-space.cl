// C++ for OpenCL inherits OpenCL C's storage rules: a program-scope variable is __global or __constant; a static one written __private is rejected.
//@ rules: AS-PROGSCOPE-SPACE
//@ profiles: CLC++2021

static __private float scale = 2.0f; //~ ERROR AS-PROGSCOPE-SPACE

__kernel void fill(__global float *out)
{
    out[0] = 1.0f;
}
