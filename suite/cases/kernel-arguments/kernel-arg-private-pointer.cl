// A kernel argument cannot point to __private float4.
//@ rules: AS-KERNEL-ARG-PTR-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void scale(__private float4 *v, global float4 *out) //~ ERROR AS-KERNEL-ARG-PTR-SPACE
{
    out[get_global_id(0)] = *v * 2.0f;
}
