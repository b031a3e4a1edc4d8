// Blocks without parameters, and blocks whose parameters are all local void *, one per size argument.
//@ rules: AS-ENQUEUE-BLOCK-ARGS
//@ profiles: CL2.0 CL3.0+generic+globals

kernel void parent(global int *out)
{
    queue_t q = get_default_queue();
    ndrange_t r = ndrange_1D(64);
    enqueue_kernel(q, CLK_ENQUEUE_FLAGS_WAIT_KERNEL, r, ^{ out[get_global_id(0)] = 1; });
    enqueue_kernel(q, CLK_ENQUEUE_FLAGS_WAIT_KERNEL, r,
                   ^(local void *a, local void *b) {
                       local int *t = (local int *)a;
                       t[get_local_id(0)] = 2;
                       out[0] = b != 0;
                   },
                   256u, 128u);
}
