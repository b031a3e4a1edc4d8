// int *p = global pointer: private target in 1.x and CL3.0 (error), generic target where the generic space exists (fine).
//@ rules: AS-INIT-CROSS AS-GENERIC-DEFAULT AS-GENERIC-FROM-NAMED
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: op=init from=global to=none

kernel void read_through(global int *data, global int *out)
{
    int *p = data + get_global_id(0); //~ ERROR[CL1.1,CL1.2,CL3.0,CL3.0+globals] AS-INIT-CROSS
    out[get_global_id(0)] = *p;
}
