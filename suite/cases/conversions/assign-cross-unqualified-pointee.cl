// An unqualified int pointer assigned a global one: private target in 1.x and CL3.0 (error), generic target where it exists (fine).
//@ rules: AS-ASSIGN-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: op=assign from=global to=none

kernel void walk(global int *data, global int *out)
{
    int first = 0;
    int *p = &first;
    p = data; //~ ERROR[CL1.1,CL1.2,CL3.0,CL3.0+globals] AS-ASSIGN-CROSS
    out[get_global_id(0)] = *p;
}
