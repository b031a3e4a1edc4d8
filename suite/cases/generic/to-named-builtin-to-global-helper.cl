// A helper asking to_global whether an unqualified pointer is global compiles only with the generic space.
//@ rules: AS-TO-NAMED-BUILTIN
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

int is_global(int *p)
{
    return to_global(p) != 0; //~ ERROR[CL1.1,CL1.2,CL3.0,CL3.0+globals] AS-TO-NAMED-BUILTIN
}

kernel void classify(global int *out)
{
    int v = 0;
    out[get_global_id(0)] = is_global(&v);
}
