// Near miss: atomics written with the atomic functions, and plain `=` on what is not an atomic
// object: a pointer to one, a non-atomic field beside one, a value read from one.
//@ rules: AS-ATOMIC-ASSIGN
//@ profiles: CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: write=store

struct tally { atomic_uint hits; int id; };

kernel void k(global atomic_int *counts, global struct tally *t, global int *out)
{
    local atomic_int shared;
    global atomic_int *cursor = counts;
    if (get_local_id(0) == 0)
        atomic_init(&shared, 0);
    barrier(CLK_LOCAL_MEM_FENCE);
    cursor = counts + 1;
    atomic_store_explicit(cursor, 7, memory_order_relaxed, memory_scope_device);
    atomic_fetch_add_explicit(&shared, 1, memory_order_relaxed, memory_scope_work_group);
    t->id = 5;
    int seen = atomic_load_explicit(counts, memory_order_relaxed, memory_scope_device);
    seen = seen + 1;
    out[0] = seen;
}
