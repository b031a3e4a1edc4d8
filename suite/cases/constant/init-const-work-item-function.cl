// A kernel-scope __constant vector cannot be initialised with work-item values.
//@ rules: AS-CONSTANT-INIT-CONST
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void spread(global float4 *out)
{
    __constant float4 origin = (float4)((float)get_global_id(0), 0.0f, 0.0f, 1.0f); //~ ERROR AS-CONSTANT-INIT-CONST
    out[get_global_id(0)] = origin;
}
