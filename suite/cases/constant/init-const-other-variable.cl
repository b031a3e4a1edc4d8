// A __constant variable's value is not a compile-time constant: it cannot initialise another __constant variable.
//@ rules: AS-CONSTANT-INIT-CONST
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: scope=program space=constant init=constant-variable

constant int width = 64;
constant int height = width / 2; //~ ERROR AS-CONSTANT-INIT-CONST

kernel void area(global int *out)
{
    out[get_global_id(0)] = width * height;
}
