// An unqualified static float4 in a nested block defaults to __global, so it is valid only with program-scope globals.
//@ rules: AS-STATIC-SPACE
//@ profiles: CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: context=static-nested space=none type=vector storage=static-nested uses=written-static

kernel void accumulate(global const float4 *in, global float4 *out)
{
    size_t i = get_global_id(0);
    if (i == 0) {
        static float4 acc; //~ ERROR[CL3.0,CL3.0+generic] AS-STATIC-SPACE
        acc += in[0];
        out[0] = acc;
    }
}
