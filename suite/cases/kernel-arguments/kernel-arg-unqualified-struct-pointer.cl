// A pointer to a struct with no space, spread over its own line among valid arguments, is rejected.
//@ rules: AS-KERNEL-ARG-PTR-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct {
    float gain;
    float bias;
} params_t;

kernel void apply(global float *data,
                  const params_t *p, //~ ERROR AS-KERNEL-ARG-PTR-SPACE
                  int n)
{
    size_t i = get_global_id(0);
    if (i < (size_t)n)
        data[i] = data[i] * p->gain + p->bias;
}
