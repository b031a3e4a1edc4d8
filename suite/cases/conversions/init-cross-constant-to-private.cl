// A pointer to private const float cannot be initialised from a constant table.
//@ rules: AS-INIT-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void taps(constant float *coeffs, global float *out)
{
    private const float *c = coeffs; //~ ERROR AS-INIT-CROSS
    out[get_global_id(0)] = c[0] + c[1];
}
