// A function returning a generic struct pointer cannot return a constant struct pointer.
//@ rules: AS-GENERIC-CONSTANT
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

typedef struct {
    float scale;
    float shift;
} xform_t;

const xform_t *pick(constant xform_t *preset, const xform_t *custom, int use_preset)
{
    if (use_preset)
        return preset; //~ ERROR AS-GENERIC-CONSTANT
    return custom;
}

kernel void transform(global float *data, constant xform_t *preset, global const xform_t *custom)
{
    size_t i = get_global_id(0);
    const xform_t *x = pick(preset, custom, 0);
    data[i] = data[i] * x->scale + x->shift;
}
