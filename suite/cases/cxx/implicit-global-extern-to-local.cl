// An extern variable with no address space is __global: its address cannot be returned as a pointer to __local.
//@ rules: CXX-IMPLICIT-GLOBAL
//@ profiles: CLC++2021

extern int threshold;
int threshold = 10;

__local int *threshold_ptr()
{
    return &threshold; //~ ERROR CXX-IMPLICIT-GLOBAL
}

__kernel void limit(__global int *out)
{
    size_t i = get_global_id(0);
    out[i] = *threshold_ptr();
}
