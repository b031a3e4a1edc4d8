// A helper returning a pointer to generic float4 needs the generic space.
//@ rules: AS-GENERIC-QUALIFIER
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: position=pointee

generic float4 *pick(global float4 *a, global float4 *b, int first) //~ ERROR[CL1.1,CL1.2,CL3.0,CL3.0+globals] AS-GENERIC-QUALIFIER
{
    return first ? a : b;
}

kernel void select_rows(global float4 *a, global float4 *b, global float4 *out)
{
    size_t i = get_global_id(0);
    out[i] = pick(a, b, (int)(i & 1))[i];
}
