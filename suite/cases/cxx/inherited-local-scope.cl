// C++ for OpenCL inherits OpenCL C's storage rules: a __local variable may only be declared in the outermost scope of a kernel, not in a nested block.
//@ rules: AS-LOCAL-SCOPE
//@ profiles: CLC++2021

__kernel void fill(__global int *out)
{
    for (int i = 0; i < 2; i++) {
        __local int tile[16]; //~ ERROR AS-LOCAL-SCOPE
        tile[get_local_id(0)] = i;
        out[i] = tile[0];
    }
}
