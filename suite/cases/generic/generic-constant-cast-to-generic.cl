// Not even an explicit cast turns a constant float pointer into a generic one.
//@ rules: AS-GENERIC-CONSTANT
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

float first(const float *p)
{
    return p[0];
}

kernel void firsts(constant float *table, global float *out)
{
    out[get_global_id(0)] = first((const float *)table); //~ ERROR AS-GENERIC-CONSTANT
}
