// to_local takes a pointer: passing a float4 value where its address was meant is an error where the function exists.
//@ rules: AS-TO-NAMED-BUILTIN
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

kernel void in_local(global int *out)
{
    float4 v = (float4)(0.0f);
    local float4 *l = to_local(v); //~ ERROR AS-TO-NAMED-BUILTIN
    out[get_global_id(0)] = l == 0;
}
