// Differences of pointers into one space (global, local, constant, private; const on one side) are fine.
//@ rules: AS-DIFF-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void spans(global int *data, __global const int *end, local int *tile, constant int *table, global long *out)
{
    int arr[4] = {0, 1, 2, 3};
    private int *p = arr + 3;
    local int *lt = tile + get_local_id(0);
    constant int *ct = table + 2;
    long d = end - data;
    d += lt - tile;
    d += ct - table;
    d += p - arr;
    out[get_global_id(0)] = d;
}
