// An array argument with no space is a pointer to private/generic, so it is rejected like one.
//@ rules: AS-KERNEL-ARG-PTR-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void lookup(global int *out, int table[4]) //~ ERROR AS-KERNEL-ARG-PTR-SPACE
{
    out[get_global_id(0)] = table[get_global_id(0) & 3];
}
