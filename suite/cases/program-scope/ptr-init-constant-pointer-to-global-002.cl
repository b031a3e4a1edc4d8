// 002's example: "constant int *global ptr=&baz; // error since baz is in global address space".
//@ rules: AS-PROGSCOPE-PTR-INIT
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals

global int baz = 12;
constant int *global ptr = &baz; //~ ERROR AS-PROGSCOPE-PTR-INIT

kernel void read_ptr(global int *out)
{
    out[get_global_id(0)] = *ptr;
}
