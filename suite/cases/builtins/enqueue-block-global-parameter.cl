// A block enqueued with a local size takes local void * parameters, not global ones.
//@ rules: AS-ENQUEUE-BLOCK-ARGS
//@ profiles: CL2.0 CL3.0+generic+globals

kernel void parent(global int *out)
{
    queue_t q = get_default_queue();
    ndrange_t r = ndrange_1D(64);
    enqueue_kernel(q, CLK_ENQUEUE_FLAGS_WAIT_KERNEL, r,
                   ^(global void *scratch) { out[0] = scratch != 0; }, //~ ERROR AS-ENQUEUE-BLOCK-ARGS
                   256u);
}
