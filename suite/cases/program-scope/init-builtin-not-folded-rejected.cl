// A built-in that does not fold at compile time (`__builtin_sqrtf`), or a folding one called on
// a variable, does not initialise a program-scope __global variable.
//@ rules: AS-PROGSCOPE-INIT
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals

global uint seed = 0x11223344u;
global float root_two = __builtin_sqrtf(2.0f); //~ ERROR AS-PROGSCOPE-INIT
global uint swapped = __builtin_bswap32(seed); //~ ERROR AS-PROGSCOPE-INIT

kernel void read_all(global float *out)
{
    out[get_global_id(0)] = root_two + (float)swapped;
}
