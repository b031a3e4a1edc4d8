// An extern program-scope variable cannot be __private.
//@ rules: AS-EXTERN-SPACE
//@ profiles: CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

extern __private float4 bias; //~ ERROR AS-EXTERN-SPACE

kernel void add_bias(global float4 *data)
{
    data[get_global_id(0)] += bias;
}
