// (int *)global_ptr casts to private in 1.x and CL3.0 (illegal: two named spaces) and to generic where it exists (fine).
//@ rules: AS-CAST-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: op=cast from=global to=none

kernel void peek(global int *data, global int *out)
{
    int *p = (int *)data; //~ ERROR[CL1.1,CL1.2,CL3.0,CL3.0+globals] AS-CAST-CROSS
    out[get_global_id(0)] = *p;
}
