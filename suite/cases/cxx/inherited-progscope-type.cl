// C++ for OpenCL inherits OpenCL C's storage rules: an event cannot be a program-scope variable, whatever its space.
//@ rules: AS-PROGSCOPE-TYPE
//@ profiles: CLC++2021

global event_t pending; //~ ERROR AS-PROGSCOPE-TYPE

__kernel void fill(__global int *out)
{
    out[0] = 1;
}
