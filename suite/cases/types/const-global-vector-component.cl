// A helper cannot write a float4 component through a pointer to const __global.
//@ rules: AS-CONST-GLOBAL
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: through=const-global access=arrow-component type=float4

void zero_x(const __global float4 *v)
{
    v->x = 0.0f; //~ ERROR AS-CONST-GLOBAL
}

kernel void run(global const float4 *in, global float4 *out)
{
    zero_x(in);
    out[get_global_id(0)] = in[get_global_id(0)];
}
