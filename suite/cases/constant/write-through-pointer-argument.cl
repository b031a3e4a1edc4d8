// Writing through a __constant float4 pointer argument is a compile-time error.
//@ rules: AS-CONSTANT-WRITE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void reset(constant float4 *params, global float4 *out)
{
    size_t i = get_global_id(0);
    out[i] = params[i];
    params[i] = (float4)(0.0f); //~ ERROR AS-CONSTANT-WRITE
}
