// to_local on a private float4 address is undeclared without the generic space (and returns NULL with it).
//@ rules: AS-TO-NAMED-BUILTIN
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void in_local(global int *out)
{
    float4 v = (float4)(0.0f);
    local float4 *l = to_local(&v); //~ ERROR[CL1.1,CL1.2,CL3.0,CL3.0+globals] AS-TO-NAMED-BUILTIN
    out[get_global_id(0)] = l == 0;
}
