// A kernel variable cannot be allocated in the generic space: generic qualifies pointees only.
//@ rules: AS-GENERIC-OBJECT
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

kernel void count(global int *out)
{
    generic int n = 0; //~ ERROR AS-GENERIC-OBJECT
    n += (int)get_global_id(0);
    out[get_global_id(0)] = n;
}
