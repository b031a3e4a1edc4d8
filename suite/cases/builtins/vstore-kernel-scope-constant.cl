// vstore2 cannot write into a kernel-scope __constant int array.
//@ rules: AS-VSTORE-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void store(global int *out)
{
    constant int pair[2] = {0, 0};
    vstore2((int2)(1, 2), 0, pair); //~ ERROR AS-VSTORE-SPACE
    out[get_global_id(0)] = pair[0];
}
