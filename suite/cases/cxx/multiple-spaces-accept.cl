// The same space twice (keyword and alias, keyword and attribute) is one space.
//@ rules: CXX-MULTIPLE-SPACES
//@ profiles: CLC++2021

using lint = __local int;

__kernel void k(__global __attribute__((opencl_global)) int *out)
{
    __local int tile[4];
    __local lint *p = tile;
    p[0] = 1;
    out[0] = tile[0];
}
