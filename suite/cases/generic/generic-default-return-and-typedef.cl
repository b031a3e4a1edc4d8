// An unqualified return pointer type and a typedef'd unqualified pointer both mean generic.
//@ rules: AS-GENERIC-DEFAULT
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

typedef int *iptr_t;

int *larger(int *a, int *b)
{
    return *a > *b ? a : b;
}

kernel void maxes(global int *data, local int *tile, global int *out)
{
    size_t l = get_local_id(0);
    tile[l] = (int)l;
    barrier(CLK_LOCAL_MEM_FENCE);
    iptr_t g = data + get_global_id(0);
    iptr_t m = larger(g, tile + l);
    out[get_global_id(0)] = *m;
}
