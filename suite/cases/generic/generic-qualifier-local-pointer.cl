// generic on a kernel's pointer variable compiles only where the generic space exists.
//@ rules: AS-GENERIC-QUALIFIER
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: position=pointee

kernel void latch(global int *out)
{
    int value = (int)get_global_id(0);
    generic int *p = &value; //~ ERROR[CL1.1,CL1.2,CL3.0,CL3.0+globals] AS-GENERIC-QUALIFIER
    out[get_global_id(0)] = *p;
}
