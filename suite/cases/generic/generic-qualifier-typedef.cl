// A typedef of a generic-qualified type needs the generic space even before it is used.
//@ rules: AS-GENERIC-QUALIFIER
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: position=pointee

typedef generic const int gcint_t; //~ ERROR[CL1.1,CL1.2,CL3.0,CL3.0+globals] AS-GENERIC-QUALIFIER

int peek(gcint_t *p)
{
    return *p;
}

kernel void peek_all(global const int *in, global int *out)
{
    out[get_global_id(0)] = peek(in + get_global_id(0));
}
