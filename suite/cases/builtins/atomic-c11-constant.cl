// The OpenCL C 2.0 atomic functions and the __opencl_atomic builtins under them take a generic
// pointer: global, local and private atomics are fine, a pointer to constant has no overload.
//@ rules: AS-ATOMIC-SPACE
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

kernel void k(global atomic_int *g, local atomic_int *l, constant atomic_int *c, global int *out)
{
    atomic_store_explicit(g, 1, memory_order_relaxed, memory_scope_work_group);
    out[0] = atomic_load_explicit(l, memory_order_relaxed, memory_scope_work_group);
    out[1] = atomic_load_explicit(c, memory_order_relaxed, memory_scope_work_group); //~ ERROR AS-ATOMIC-SPACE
    out[2] = atomic_fetch_add_explicit(c, 1, memory_order_relaxed, memory_scope_work_group); //~ ERROR AS-ATOMIC-SPACE
    out[3] = __opencl_atomic_load(c, memory_order_relaxed, memory_scope_work_group); //~ ERROR AS-ATOMIC-SPACE
}
