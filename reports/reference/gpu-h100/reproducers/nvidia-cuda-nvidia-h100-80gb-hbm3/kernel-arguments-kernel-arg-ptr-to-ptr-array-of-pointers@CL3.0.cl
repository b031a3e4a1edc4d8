// An array argument whose elements are global pointers is a pointer to a pointer after adjustment.
//@ rules: AS-KERNEL-ARG-PTR-TO-PTR
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void pick(global int *out, global int *global slots[4]) //~ ERROR[CL1.1,CL1.2] AS-KERNEL-ARG-PTR-TO-PTR
{
    size_t i = get_global_id(0);
    out[i] = *slots[i & 3];
}
