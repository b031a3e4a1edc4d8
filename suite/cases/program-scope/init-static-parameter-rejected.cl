// A static __global variable inside a kernel cannot be initialised from a kernel argument.
//@ rules: AS-PROGSCOPE-INIT
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals

kernel void first_seen(global int *out, int seed)
{
    static global int seen = seed; //~ ERROR AS-PROGSCOPE-INIT
    out[get_global_id(0)] = seen;
}
