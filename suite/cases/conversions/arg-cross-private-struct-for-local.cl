// The address of a private struct cannot be passed where a pointer to a local struct is expected.
//@ rules: AS-ARG-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct {
    float sum;
    int n;
} acc_t;

void add(local acc_t *a, float v)
{
    a->sum += v;
    a->n += 1;
}

kernel void accumulate(global const float *in, global float *out, local acc_t *shared_acc)
{
    acc_t mine = { 0.0f, 0 };
    if (get_local_id(0) == 0)
        add(shared_acc, in[get_global_id(0)]);
    add(&mine, in[get_global_id(0)]); //~ ERROR AS-ARG-CROSS
    out[get_global_id(0)] = mine.sum;
}
