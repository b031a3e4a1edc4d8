// Program-scope and static atomics in global take ATOMIC_VAR_INIT.
//@ rules: AS-ATOMIC-INIT-GLOBAL
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals
//@ props: storage=program

atomic_int hits = ATOMIC_VAR_INIT(0);
global atomic_uint misses = ATOMIC_VAR_INIT(0u);

kernel void k(global int *out)
{
    static atomic_int calls = ATOMIC_VAR_INIT(0);
    out[0] = 1;
}
