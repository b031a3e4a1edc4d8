// A pointer to __constant pointers to __constant float is still a pointer to a pointer before 2.0.
//@ rules: AS-KERNEL-ARG-PTR-TO-PTR
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void sample(__constant float *__constant *tables, global float *out) //~ ERROR[CL1.1,CL1.2] AS-KERNEL-ARG-PTR-TO-PTR
{
    size_t i = get_global_id(0);
    out[i] = tables[i & 1][i >> 1];
}
