// ?: cannot mix a constant and a global float pointer, const or not.
//@ rules: AS-COND-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void weights(constant float *defaults, global const float *custom, int use_custom, global float *out)
{
    size_t i = get_global_id(0);
    out[i] = (use_custom ? custom : defaults)[i & 3]; //~ ERROR AS-COND-CROSS
}
