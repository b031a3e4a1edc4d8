// A kernel-scope __constant variable cannot be initialised from a kernel argument.
//@ rules: AS-CONSTANT-INIT-CONST
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void scale(global int *data, int factor)
{
    constant int k = factor; //~ ERROR AS-CONSTANT-INIT-CONST
    data[get_global_id(0)] *= k;
}
