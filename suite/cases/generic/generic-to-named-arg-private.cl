// A generic pointer cannot be passed for a private float parameter without a cast.
//@ rules: AS-GENERIC-TO-NAMED
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

float twice(private float *p)
{
    return 2.0f * *p;
}

float relay(generic float *p)
{
    return twice(p); //~ ERROR AS-GENERIC-TO-NAMED
}

kernel void twices(global float *out)
{
    float v = 1.0f;
    out[get_global_id(0)] = relay(&v);
}
