// An explicit cast converts a generic pointer to global, local or private: it is not a cast between two named spaces.
//@ rules: AS-GENERIC-TO-NAMED
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

int read_as(generic int *p, int space)
{
    if (space == 0)
        return *(global int *)p;
    if (space == 1)
        return *(local int *)p;
    private int *q = (private int *)p;
    return *q;
}

kernel void reads(global int *data, local int *tile, global int *out)
{
    int mine = 4;
    size_t l = get_local_id(0);
    tile[l] = 3;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = read_as(data, 0) + read_as(tile + l, 1) + read_as(&mine, 2);
}
