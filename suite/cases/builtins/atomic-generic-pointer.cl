// Where the generic space exists, atomic_* still has no overload for a generic pointer.
//@ rules: AS-ATOMIC-SPACE
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

void bump(volatile int *p)
{
    atomic_inc(p); //~ ERROR AS-ATOMIC-SPACE
}

kernel void run(global int *counts)
{
    bump(&counts[get_global_id(0) & 7]);
}
