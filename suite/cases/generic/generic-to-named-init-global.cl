// A global int pointer cannot be initialised from a generic one without a cast.
//@ rules: AS-GENERIC-TO-NAMED
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

void store(generic int *p, int v)
{
    global int *g = p; //~ ERROR AS-GENERIC-TO-NAMED
    *g = v;
}

kernel void stores(global int *out)
{
    store(out + get_global_id(0), 1);
}
