// Writing through a const __global int pointer argument is an error.
//@ rules: AS-CONST-GLOBAL
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void clear(const global int *in, global int *out)
{
    out[get_global_id(0)] = in[get_global_id(0)];
    in[get_global_id(0)] = 0; //~ ERROR AS-CONST-GLOBAL
}
