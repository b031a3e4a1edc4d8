// A static __global variable in a non-kernel function needs program-scope globals.
//@ rules: AS-STATIC-SPACE
//@ profiles: CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: context=static-helper space=global storage=static-helper uses=written-static

int next_ticket(void)
{
    static global int calls; //~ ERROR[CL3.0,CL3.0+generic] AS-STATIC-SPACE
    return calls++;
}

kernel void tickets(global int *out)
{
    out[get_global_id(0)] = next_ticket();
}
