// A struct passed by value to a helper cannot be qualified __global.
//@ rules: AS-PARAM-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct {
    float gain;
    float bias;
} affine_t;

float apply(float x, __global affine_t a) //~ ERROR AS-PARAM-SPACE
{
    return x * a.gain + a.bias;
}

kernel void apply_all(global float *data, global const affine_t *params)
{
    size_t i = get_global_id(0);
    affine_t a = params[0];
    data[i] = apply(data[i], a);
}
