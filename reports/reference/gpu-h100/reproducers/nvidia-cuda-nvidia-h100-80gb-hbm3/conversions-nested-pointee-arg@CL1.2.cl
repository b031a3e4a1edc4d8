// A global int ** cannot be passed for an int ** parameter.
//@ rules: AS-NESTED-POINTEE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

int first(int **rows)
{
    return rows[0][0];
}

kernel void firsts(global int *a, global int *out)
{
    global int *slots[1];
    slots[0] = a;
    global int **pp = slots;
    out[get_global_id(0)] = first(pp); //~ ERROR AS-NESTED-POINTEE
}
