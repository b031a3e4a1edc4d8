// Pointers to pointers convert when the inner pointees share a space: global int ** to global int **, int ** to int **.
//@ rules: AS-NESTED-POINTEE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

int sum_first(global int **rows, int n)
{
    int s = 0;
    for (int r = 0; r < n; ++r)
        s += rows[r][0];
    return s;
}

kernel void sums(global int *a, global int *b, global int *out)
{
    global int *slots[2];
    slots[0] = a;
    slots[1] = b;
    global int **pp = slots;
    global int **qq;
    qq = pp;
    int x = 1;
    int *px = &x;
    int **ppx = &px;
    int **copy = ppx;
    out[get_global_id(0)] = sum_first(qq, 2) + **copy;
}
