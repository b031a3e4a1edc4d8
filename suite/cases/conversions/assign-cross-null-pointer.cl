// The null pointer constant may be assigned to a pointer to any space.
//@ rules: AS-ASSIGN-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void reset(global int *data, local int *tile, constant int *cfg)
{
    global int *g = data;
    local int *l = tile;
    constant int *c = cfg;
    private int *p;
    g = 0;
    l = 0;
    c = 0;
    p = 0;
    data[get_global_id(0)] = (g == 0) + (l == 0) + (c == 0) + (p == 0);
}
