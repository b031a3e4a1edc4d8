// Valid code: OpenCL 2.0 atomic types in global and local memory, explicit memory orders and
// scopes, atomic_init, and fences.
//@ rules: AS-ATOMIC-SPACE AS-GENERIC-FROM-NAMED AS-LOCAL-SCOPE
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

kernel void c11(__global atomic_int *counter, __global atomic_uint *bins, __global atomic_float *acc, __global int *out)
{
    __local atomic_int lcount;
    if (get_local_id(0) == 0)
        atomic_init(&lcount, 0);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    atomic_fetch_add_explicit(&lcount, 1, memory_order_relaxed, memory_scope_work_group);
    int old = atomic_fetch_add_explicit(counter, 1, memory_order_relaxed, memory_scope_work_group);
    atomic_fetch_or_explicit(&bins[old & 7], 1u, memory_order_relaxed, memory_scope_work_group);
    int expected = 0;
    atomic_compare_exchange_strong_explicit(counter, &expected, 42, memory_order_acq_rel, memory_order_relaxed, memory_scope_work_group);
    float f = atomic_load_explicit(acc, memory_order_acquire, memory_scope_work_group);
    atomic_store_explicit(acc, f + 1.0f, memory_order_release, memory_scope_work_group);
    atomic_exchange_explicit(counter, old, memory_order_relaxed, memory_scope_work_group);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, memory_scope_work_group);
    work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group);
    out[get_global_id(0)] = atomic_load_explicit(&lcount, memory_order_relaxed, memory_scope_work_group) + old;
}
