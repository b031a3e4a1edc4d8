// A helper parameter pointing to __generic const float needs the generic space.
//@ rules: AS-GENERIC-QUALIFIER
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: position=pointee

float first_two(__generic const float *p) //~ ERROR[CL1.1,CL1.2,CL3.0,CL3.0+globals] AS-GENERIC-QUALIFIER
{
    return p[0] + p[1];
}

kernel void pairs(global const float *in, global float *out)
{
    size_t i = get_global_id(0);
    out[i] = first_two(in + 2 * i);
}
