// A volatile __local float4 cannot be initialised either.
//@ rules: AS-LOCAL-INIT
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void broadcast(global float4 *out)
{
    volatile local float4 v = (float4)(1.0f); //~ ERROR AS-LOCAL-INIT
    out[get_global_id(0)] = v;
}
