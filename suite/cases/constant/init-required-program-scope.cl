// A program-scope __constant array must be initialised.
//@ rules: AS-CONSTANT-INIT-REQUIRED
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

constant float coeffs[3]; //~ ERROR AS-CONSTANT-INIT-REQUIRED

kernel void poly(global float *data)
{
    float x = data[get_global_id(0)];
    data[get_global_id(0)] = coeffs[0] + x * (coeffs[1] + x * coeffs[2]);
}
