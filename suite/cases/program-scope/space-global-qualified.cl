// A program-scope __global variable exists only where program-scope globals do.
//@ rules: AS-PROGSCOPE-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: storage=program

global int counter; //~ ERROR[CL1.1,CL1.2,CL3.0,CL3.0+generic] AS-PROGSCOPE-SPACE

kernel void count_hits(global int *out)
{
    out[get_global_id(0)] = counter;
}
