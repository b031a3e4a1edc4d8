// A block variable passed to enqueue_kernel or to a kernel query (get_kernel_work_group_size,
// get_kernel_preferred_work_group_size_multiple) is judged by its type: every parameter must be
// `local void *`, whether the type is written out or named by a typedef.
//@ rules: AS-ENQUEUE-BLOCK-ARGS
//@ profiles: CL2.0 CL3.0+generic+globals

typedef void (^ok_t)(local void *);
typedef void (^bad_t)(local void *, local int *);

kernel void parent(global int *out)
{
    void (^const loc)(local int *) = ^(local int *a) { a[0] = 1; };
    ok_t fine = ^(local void *a) { out[0] = a != 0; };
    const bad_t two = (bad_t)^(local void *a, local int *b) { out[0] = (a != 0) + (b != 0); };
    out[1] = get_kernel_work_group_size(fine);
    out[2] = get_kernel_work_group_size(loc); //~ ERROR AS-ENQUEUE-BLOCK-ARGS
    out[3] = get_kernel_preferred_work_group_size_multiple(two); //~ ERROR AS-ENQUEUE-BLOCK-ARGS
    out[4] = get_kernel_preferred_work_group_size_multiple(^(int i) { out[5] = i; }); //~ ERROR AS-ENQUEUE-BLOCK-ARGS
    enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(64), two, 64u, 64u); //~ ERROR AS-ENQUEUE-BLOCK-ARGS
    enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(64), fine, 64u);
}
