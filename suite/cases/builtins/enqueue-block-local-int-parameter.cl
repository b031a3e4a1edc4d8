// The pointee of a block's local parameter must be void.
//@ rules: AS-ENQUEUE-BLOCK-ARGS
//@ profiles: CL2.0 CL3.0+generic+globals

kernel void parent(global int *out)
{
    enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(64),
                   ^(local void *a, local int *b) { out[0] = (a != 0) + (b != 0); }, //~ ERROR AS-ENQUEUE-BLOCK-ARGS
                   64u, 64u);
}
