// An unqualified pointer compared with a global one: private vs global in 1.x and CL3.0 (error), generic vs global where generic exists (fine).
//@ rules: AS-COMPARE-CROSS AS-GENERIC-DEFAULT
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: op=compare from=global to=none

kernel void alias_check(global int *data, global int *out)
{
    int x = 0;
    int *p = &x;
    out[get_global_id(0)] = (p == data); //~ ERROR[CL1.1,CL1.2,CL3.0,CL3.0+globals] AS-COMPARE-CROSS
}
