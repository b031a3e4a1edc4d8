// An unqualified pointer minus a global pointer is an error everywhere: private vs global in 1.x and CL3.0, generic vs global elsewhere.
//@ rules: AS-DIFF-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void offset(global int *data, global long *out)
{
    int x = 0;
    int *p = &x;
    long d = p - data; //~ ERROR AS-DIFF-CROSS
    out[get_global_id(0)] = d;
}
