// A typedef'd global pointer type, pointed to by a global argument, makes a pointer to a pointer.
//@ rules: AS-KERNEL-ARG-PTR-TO-PTR
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef global float4 *vec_ptr_t;

kernel void gather(global vec_ptr_t *srcs, global float4 *out) //~ ERROR[CL1.1,CL1.2] AS-KERNEL-ARG-PTR-TO-PTR
{
    size_t i = get_global_id(0);
    out[i] = srcs[0][i];
}
