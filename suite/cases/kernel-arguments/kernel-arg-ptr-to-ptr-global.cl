// A kernel argument that points to global pointers is rejected before OpenCL C 2.0 and accepted from 2.0 on.
//@ rules: AS-KERNEL-ARG-PTR-TO-PTR
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void first_of_rows(global int *global *rows, global int *out) //~ ERROR[CL1.1,CL1.2] AS-KERNEL-ARG-PTR-TO-PTR
{
    size_t i = get_global_id(0);
    out[i] = rows[i][0];
}
