// generic cannot be a struct tag where the generic space exists; in OpenCL C 1.x it is an ordinary identifier.
//@ rules: AS-RESERVED-GENERIC
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0+generic CL3.0+generic+globals
//@ props: context=struct-tag use=reserved

typedef struct generic { int lo; int hi; } span_t; //~ ERROR[CL2.0,CL3.0+generic,CL3.0+generic+globals] AS-RESERVED-GENERIC

kernel void widths(global const span_t *spans, global int *out)
{
    size_t i = get_global_id(0);
    out[i] = spans[i].hi - spans[i].lo;
}
