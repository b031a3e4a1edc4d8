// Near miss: C++ for OpenCL atomics written with the atomic functions, pointers to them assigned.
//@ rules: AS-ATOMIC-ASSIGN
//@ profiles: CLC++2021

kernel void k(global atomic_int *counts, global int *out)
{
    global atomic_int *cursor = counts;
    cursor = counts + 1;
    atomic_store_explicit(cursor, 7, memory_order_relaxed, memory_scope_device);
    out[0] = atomic_load_explicit(counts, memory_order_relaxed, memory_scope_device);
}
