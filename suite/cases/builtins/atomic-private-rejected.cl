// atomic_inc cannot operate on a private variable.
//@ rules: AS-ATOMIC-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void count(global int *out)
{
    int counter = 0;
    atomic_inc(&counter); //~ ERROR AS-ATOMIC-SPACE
    out[get_global_id(0)] = counter;
}
