// A program-scope pointer to __global cannot be initialised with the address of a __constant variable.
//@ rules: AS-PROGSCOPE-PTR-INIT
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

constant int lut[4] = {3, 1, 4, 1};
global int *constant first = &lut[0]; //~ ERROR AS-PROGSCOPE-PTR-INIT

kernel void lookup(global int *out)
{
    out[get_global_id(0)] = *first;
}
