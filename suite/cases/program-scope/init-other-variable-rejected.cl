// A program-scope __global variable cannot be initialised with another variable's value.
//@ rules: AS-PROGSCOPE-INIT
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals

global int limit = 16;
global int copy = limit; //~ ERROR AS-PROGSCOPE-INIT

kernel void read_copy(global int *out)
{
    out[get_global_id(0)] = copy + limit;
}
