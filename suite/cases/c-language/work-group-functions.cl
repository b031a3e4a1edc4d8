// Valid code: OpenCL 2.0 work-group collective functions, statement attributes on loops, and
// local-memory pointers reduced through them.
//@ rules: AS-LOCAL-SCOPE AS-KERNEL-ARG-PTR-SPACE AS-GENERIC-FROM-NAMED
//@ profiles: CL2.0

kernel void collectives(global int *out, local int *scratch)
{
    int v = (int)get_local_id(0);
    scratch[v] = v;
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    int sum = work_group_reduce_add(scratch[v]);
    int scan = work_group_scan_inclusive_max(sum);
    int b = work_group_broadcast(scan, 0);
    if (work_group_all(b > 0) || work_group_any(b < 0))
        b++;
    __attribute__((opencl_unroll_hint(4)))
    for (int i = 0; i < 8; ++i)
        b += i;
    __attribute__((opencl_unroll_hint))
    while (b > 100)
        b /= 2;
    int *gp = scratch;
    out[get_global_id(0)] = b + *gp;
}
