// Without the qualifier an unqualified pointer is valid everywhere (private pointee in 1.x and CL3.0, generic where it exists).
//@ rules: AS-GENERIC-QUALIFIER
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

void swap2(int *a, int *b)
{
    int t = *a;
    *a = *b;
    *b = t;
}

kernel void ordered(global int2 *pairs)
{
    int2 v = pairs[get_global_id(0)];
    int x = v.x;
    int y = v.y;
    if (x > y)
        swap2(&x, &y);
    pairs[get_global_id(0)] = (int2)(x, y);
}
