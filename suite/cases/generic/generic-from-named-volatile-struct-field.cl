// A struct field of type volatile generic int * is assigned a volatile global and a volatile local pointer.
//@ rules: AS-GENERIC-FROM-NAMED
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

struct cursor {
    volatile generic int *at;
    int step;
};

int advance(struct cursor *c)
{
    int v = *c->at;
    c->at += c->step;
    return v;
}

kernel void walk(volatile global int *data, volatile local int *tile, global int *out)
{
    struct cursor c;
    c.step = 1;
    c.at = data;
    int s = advance(&c);
    c.at = tile;
    s += advance(&c);
    out[get_global_id(0)] = s;
}
