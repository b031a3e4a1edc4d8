// C++ for OpenCL inherits OpenCL C's storage rules: an extern variable names a program-scope variable, so it is __global or __constant, never __local or __private.
//@ rules: AS-EXTERN-SPACE
//@ profiles: CLC++2021

extern __local float shared_scale; //~ ERROR AS-EXTERN-SPACE
extern private float private_scale; //~ ERROR AS-EXTERN-SPACE

__kernel void fill(__global float *out)
{
    out[0] = 1.0f;
}
