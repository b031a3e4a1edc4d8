// (global int *)p with p unqualified: private to global in 1.x and CL3.0 (illegal), generic to global where generic exists (legal).
//@ rules: AS-CAST-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: op=cast from=none to=global

void put(int *p, int v)
{
    global int *g = (global int *)p; //~ ERROR[CL1.1,CL1.2,CL3.0,CL3.0+globals] AS-CAST-CROSS
    *g = v;
}

kernel void puts(global int *out)
{
    int x = 0;
    put(&x, 1);
    out[get_global_id(0)] = x;
}
