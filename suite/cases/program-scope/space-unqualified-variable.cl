// An unqualified program-scope variable defaults to __global with program-scope globals and has no valid space without them.
//@ rules: AS-PROGSCOPE-SPACE AS-PROGSCOPE-DEFAULT
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: storage=program

int total = 5; //~ ERROR[CL1.1,CL1.2,CL3.0,CL3.0+generic] AS-PROGSCOPE-SPACE

kernel void read_total(global int *out)
{
    out[get_global_id(0)] = total;
}
