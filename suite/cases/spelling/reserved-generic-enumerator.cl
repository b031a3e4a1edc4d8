// From OpenCL C 2.0 on, generic is reserved: it cannot name an enumerator (OpenCL C 1.x does not reserve it).
//@ rules: AS-RESERVED-GENERIC
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0+generic CL3.0+generic+globals
//@ props: context=enumerator use=reserved

enum dispatch { specialised, generic }; //~ ERROR[CL2.0,CL3.0+generic,CL3.0+generic+globals] AS-RESERVED-GENERIC

kernel void route(global int *out, global const int *kinds)
{
    size_t i = get_global_id(0);
    out[i] = kinds[i] == specialised ? 1 : 0;
}
