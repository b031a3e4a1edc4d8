// A generic int pointer takes global, local and private pointers by initialisation and assignment.
//@ rules: AS-GENERIC-FROM-NAMED
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

kernel void collect(global int *data, local int *tile, global int *out)
{
    int mine = 3;
    size_t l = get_local_id(0);
    tile[l] = (int)l;
    barrier(CLK_LOCAL_MEM_FENCE);
    generic int *p = data + get_global_id(0);
    int s = *p;
    p = tile + l;
    s += *p;
    p = &mine;
    s += *p;
    out[get_global_id(0)] = s;
}
