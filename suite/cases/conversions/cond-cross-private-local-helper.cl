// In a helper, ?: between a private and a local struct pointer is an error.
//@ rules: AS-COND-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct {
    float x;
    float y;
} vec2_t;

float pick_x(private vec2_t *mine, local vec2_t *shared_v, int use_shared)
{
    return (use_shared ? shared_v : mine)->x; //~ ERROR AS-COND-CROSS
}

kernel void xs(local vec2_t *shared_v, global float *out)
{
    vec2_t v = { 1.0f, 2.0f };
    out[get_global_id(0)] = pick_x(&v, shared_v, 0);
}
