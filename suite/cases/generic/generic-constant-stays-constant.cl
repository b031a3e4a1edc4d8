// Constant pointers move between constant pointers, while generic ones take global, local and private: both fine.
//@ rules: AS-GENERIC-CONSTANT
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

float read_constant(constant float *p) { return p[0]; }
float read_any(const float *p) { return p[0]; }

kernel void reads(constant float *table, global const float *data, global float *out)
{
    float mine = 1.0f;
    constant float *c = table + 1;
    constant float *d = c;
    const float *g = data;
    out[get_global_id(0)] = read_constant(d) + read_constant(table) + read_any(g) + read_any(&mine);
}
