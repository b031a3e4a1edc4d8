// int ** cannot be initialised from global int **: one level down the pointees differ, and generic does not absorb that level.
//@ rules: AS-NESTED-POINTEE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: op=init pointee=pointer from=global to=none

kernel void rows(global int *a, global int *b, global int *out)
{
    global int *slots[2];
    slots[0] = a;
    slots[1] = b;
    global int **pp = slots;
    int **q = pp; //~ ERROR AS-NESTED-POINTEE
    out[get_global_id(0)] = q[0][0];
}
