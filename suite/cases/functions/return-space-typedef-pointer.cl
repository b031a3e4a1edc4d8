// A typedef for a pointer to const __global int returns fine: the space is on the pointee; plain scalar returns too.
//@ rules: AS-RETURN-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef const __global int *cgptr_t;

cgptr_t skip(cgptr_t p, int n)
{
    return p + n;
}

int total(cgptr_t p, int n)
{
    int s = 0;
    for (int i = 0; i < n; ++i)
        s += p[i];
    return s;
}

kernel void totals(global const int *in, global int *out)
{
    size_t i = get_global_id(0);
    out[i] = total(skip(in, (int)i * 4), 4);
}
