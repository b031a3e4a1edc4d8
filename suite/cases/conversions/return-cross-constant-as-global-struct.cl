// A function returning a pointer to const global struct cannot return a constant struct pointer.
//@ rules: AS-RETURN-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct {
    float lo;
    float hi;
} range_t;

const global range_t *pick_range(constant range_t *defaults, const global range_t *custom, int use_default)
{
    if (use_default)
        return defaults; //~ ERROR AS-RETURN-CROSS
    return custom;
}

kernel void clampit(global float *data, constant range_t *defaults, const global range_t *custom)
{
    size_t i = get_global_id(0);
    const global range_t *r = pick_range(defaults, custom, 0);
    data[i] = clamp(data[i], r->lo, r->hi);
}
