// Near miss: a __constant variable initialised with the header's INFINITY and HUGE_VALF (calls
// of built-ins that fold to constants), `__builtin_nanf("")` and vec_step: all compile-time
// constants.
//@ rules: AS-CONSTANT-INIT-CONST
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic+globals
//@ props: scope=program space=constant init=builtin-constant

constant float limits[3] = {INFINITY, HUGE_VALF, __builtin_nanf("")};
constant int lanes = vec_step(float4) * (int)sizeof(float);

kernel void clamp_all(global float *out)
{
    size_t i = get_global_id(0);
    out[i] = fmin(out[i], limits[i % 3]) + (float)lanes;
}
