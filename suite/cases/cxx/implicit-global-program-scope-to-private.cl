// A program-scope variable with no address space is __global: its address cannot initialise a pointer to __private.
//@ rules: CXX-IMPLICIT-GLOBAL
//@ profiles: CLC++2021

int counter;

__kernel void peek(__global int *out)
{
    __private int *p = &counter; //~ ERROR CXX-IMPLICIT-GLOBAL
    out[get_global_id(0)] = *p;
}
