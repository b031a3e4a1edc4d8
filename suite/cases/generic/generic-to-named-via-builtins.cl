// to_global, to_local and to_private turn a generic pointer into named ones with no implicit generic-to-named conversion.
//@ rules: AS-GENERIC-TO-NAMED AS-TO-NAMED-BUILTIN
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

int load(int *p)
{
    global int *g = to_global(p);
    if (g)
        return *g;
    local int *l = to_local(p);
    if (l)
        return *l;
    private int *q = to_private(p);
    return q ? *q : 0;
}

kernel void loads(global int *data, local int *tile, global int *out)
{
    int mine = 9;
    tile[get_local_id(0)] = 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = load(data) + load(tile) + load(&mine);
}
