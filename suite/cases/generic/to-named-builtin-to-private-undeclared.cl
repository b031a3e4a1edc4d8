// to_private is declared only where the generic space exists; in 1.x and CL3.0 without it the call is an error.
//@ rules: AS-TO-NAMED-BUILTIN
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void own(global int *out)
{
    int v = (int)get_global_id(0);
    private int *p = to_private(&v); //~ ERROR[CL1.1,CL1.2,CL3.0,CL3.0+globals] AS-TO-NAMED-BUILTIN
    out[get_global_id(0)] = p ? *p : -1;
}
