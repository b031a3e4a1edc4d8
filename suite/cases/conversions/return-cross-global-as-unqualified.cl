// Returning a global pointer as int *: private return type in 1.x and CL3.0 (error), generic where it exists (fine).
//@ rules: AS-RETURN-CROSS AS-GENERIC-DEFAULT AS-GENERIC-FROM-NAMED
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: op=return from=global to=none

int *element(global int *base, size_t i)
{
    return base + i; //~ ERROR[CL1.1,CL1.2,CL3.0,CL3.0+globals] AS-RETURN-CROSS
}

kernel void touch(global int *data)
{
    *element(data, get_global_id(0)) += 1;
}
