// ?: with an unqualified and a global pointer: private vs global in 1.x and CL3.0 (error), generic and global where generic exists (fine).
//@ rules: AS-COND-CROSS AS-GENERIC-DEFAULT
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: op=cond from=global to=none

kernel void fallback(global int *data, int use_default, global int *out)
{
    int def = -1;
    int *p = &def;
    out[get_global_id(0)] = *(use_default ? p : data); //~ ERROR[CL1.1,CL1.2,CL3.0,CL3.0+globals] AS-COND-CROSS
}
