// 002's OK examples: a __constant pointer and a __global pointer, both to __global, initialised with &baz.
//@ rules: AS-PROGSCOPE-PTR-INIT
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals
//@ props: storage=program

global int baz = 12;
global int * constant ptr = &baz;
global int *global baz_ptr = &baz;

kernel void read_ptr(global int *out)
{
    out[get_global_id(0)] = *ptr + *baz_ptr;
}
