// A struct field pointing to const global float cannot be assigned a constant float pointer.
//@ rules: AS-ASSIGN-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

struct view {
    global const float *data;
    int len;
};

float sum(struct view v)
{
    float s = 0.0f;
    for (int i = 0; i < v.len; ++i)
        s += v.data[i];
    return s;
}

kernel void sums(global const float *in, constant float *table, global float *out)
{
    struct view v;
    v.data = in;
    v.len = 4;
    if (get_global_id(0) == 0)
        v.data = table; //~ ERROR AS-ASSIGN-CROSS
    out[get_global_id(0)] = sum(v);
}
