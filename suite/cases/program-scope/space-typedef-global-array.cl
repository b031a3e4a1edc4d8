// A __global program-scope array declared through a typedef that carries the space.
//@ rules: AS-PROGSCOPE-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: storage=program

typedef __global int gint;

gint hits[8]; //~ ERROR[CL1.1,CL1.2,CL3.0,CL3.0+generic] AS-PROGSCOPE-SPACE

kernel void histogram(global const int *in, global int *out)
{
    size_t i = get_global_id(0);
    out[i] = hits[in[i] & 7];
}
