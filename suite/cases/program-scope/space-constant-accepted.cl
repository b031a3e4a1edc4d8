// __constant program-scope variables (scalar, vector, array, struct) are valid in every profile.
//@ rules: AS-PROGSCOPE-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct { float lo; float hi; } range_t;

constant int table[4] = {1, 2, 3, 4};
__constant float4 scale = (float4)(1.0f, 2.0f, 3.0f, 4.0f);
constant range_t clamp_range = {0.0f, 10.0f};

kernel void apply(global float4 *data)
{
    size_t i = get_global_id(0);
    float4 v = data[i] * scale * (float)table[i & 3];
    data[i] = clamp(v, clamp_range.lo, clamp_range.hi);
}
