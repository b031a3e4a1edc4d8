// 003's example: "local float a = 1; // not allowed".
//@ rules: AS-LOCAL-INIT
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

__kernel void my_func(__global float *out)
{
    local float a = 1; //~ ERROR AS-LOCAL-INIT
    out[get_global_id(0)] = a;
}
