// const int *p = constant pointer: constant to private in 1.x and CL3.0 (AS-INIT-CROSS), constant to generic elsewhere (AS-GENERIC-CONSTANT).
//@ rules: AS-INIT-CROSS AS-GENERIC-CONSTANT
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: op=init from=constant to=none

kernel void scaled(constant int *factors, global int *out)
{
    const int *f = factors; //~ ERROR[CL1.1,CL1.2,CL3.0,CL3.0+globals] AS-INIT-CROSS //~ ERROR[CL2.0,CL3.0+generic,CL3.0+generic+globals] AS-GENERIC-CONSTANT
    out[get_global_id(0)] *= f[0];
}
