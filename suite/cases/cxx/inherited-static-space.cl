// C++ for OpenCL inherits OpenCL C's storage rules: a static variable inside a function lives with the program-scope variables, in __global or __constant, never __private.
//@ rules: AS-STATIC-SPACE
//@ profiles: CLC++2021

__kernel void count(__global int *out)
{
    static private int calls = 0; //~ ERROR AS-STATIC-SPACE
    out[0] = calls;
}
