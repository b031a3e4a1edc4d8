// In int **, both pointees are generic: a pointer to a generic pointer takes the address of an unqualified pointer that holds a global address.
//@ rules: AS-GENERIC-DEFAULT
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

void advance(int **cursor, int n)
{
    *cursor += n;
}

kernel void stride(global int *data, global int *out)
{
    int *p = data;
    int **pp = &p;
    advance(pp, (int)get_global_id(0));
    out[get_global_id(0)] = **pp;
}
