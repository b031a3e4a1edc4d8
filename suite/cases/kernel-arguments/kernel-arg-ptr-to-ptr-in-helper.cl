// Non-kernel functions and kernel automatics may use pointers to pointers in every version; the kernel takes single pointers.
//@ rules: AS-KERNEL-ARG-PTR-TO-PTR
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

int sum_rows(global int *private *rows, int n)
{
    int s = 0;
    for (int r = 0; r < n; ++r)
        s += rows[r][get_global_id(0)];
    return s;
}

kernel void add_rows(global int *a, global int *b, global int *out)
{
    global int *rows[2];
    rows[0] = a;
    rows[1] = b;
    out[get_global_id(0)] = sum_rows(rows, 2);
}
