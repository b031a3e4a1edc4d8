// A constant pointer passed for an unqualified parameter: constant to private in 1.x and CL3.0 (AS-ARG-CROSS), constant to generic elsewhere (AS-GENERIC-CONSTANT).
//@ rules: AS-GENERIC-CONSTANT AS-ARG-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

float dot3(const float *a, const float *b)
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

kernel void project(constant float *axis, global float *out)
{
    float v[3] = {1.0f, 2.0f, 3.0f};
    out[get_global_id(0)] = dot3(v, axis); //~ ERROR[CL1.1,CL1.2,CL3.0,CL3.0+globals] AS-ARG-CROSS //~ ERROR[CL2.0,CL3.0+generic,CL3.0+generic+globals] AS-GENERIC-CONSTANT
}
