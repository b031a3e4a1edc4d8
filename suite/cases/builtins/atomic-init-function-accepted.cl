// Function-scope atomics are declared without an initialiser and set with atomic_init.
//@ rules: AS-ATOMIC-INIT-GLOBAL
//@ profiles: CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void k(global int *out)
{
    local atomic_int total;
    if (get_local_id(0) == 0)
        atomic_init(&total, 0);
    atomic_int mine;
    out[0] = 1;
}
