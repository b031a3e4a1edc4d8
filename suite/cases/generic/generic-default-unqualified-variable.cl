// An unqualified int pointer in a kernel points to generic: it holds global, local and private addresses in turn.
//@ rules: AS-GENERIC-DEFAULT AS-GENERIC-FROM-NAMED
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

kernel void visit(global int *data, local int *tile, global int *out)
{
    int mine = 1;
    size_t l = get_local_id(0);
    tile[l] = 2;
    barrier(CLK_LOCAL_MEM_FENCE);
    int *p = data + get_global_id(0);
    int s = *p;
    p = tile + l;
    s += *p;
    p = &mine;
    s += *p;
    out[get_global_id(0)] = s;
}
