// An unqualified pointer minus a global pointer: private vs global is an error in 1.x and CL3.0;
// generic vs global have a common type (generic) where the generic space exists.
//@ rules: AS-DIFF-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: op=diff from=global to=none

kernel void offset(global int *data, global long *out)
{
    int x = 0;
    int *p = &x;
    long d = p - data; //~ ERROR[CL1.1,CL1.2,CL3.0,CL3.0+globals] AS-DIFF-CROSS
    out[get_global_id(0)] = d;
}
