// Writing an element of a program-scope __constant array is a compile-time error.
//@ rules: AS-CONSTANT-WRITE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

constant int lut[4] = {1, 2, 3, 4};

kernel void patch(global int *out)
{
    lut[0] = out[0]; //~ ERROR AS-CONSTANT-WRITE
    out[get_global_id(0)] = lut[get_global_id(0) & 3];
}
