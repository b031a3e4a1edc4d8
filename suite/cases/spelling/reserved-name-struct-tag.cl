// A struct tag cannot be __private: the tag is an identifier like any other.
//@ rules: AS-RESERVED-NAME
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct __private { float x; float y; } point_t; //~ ERROR AS-RESERVED-NAME

float2 centre(point_t a, point_t b)
{
    return (float2)((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f);
}

kernel void midpoints(global const point_t *a, global const point_t *b, global float2 *out)
{
    size_t i = get_global_id(0);
    out[i] = centre(a[i], b[i]);
}
