// Returning pointers to the declared space, with const added or the other spelling, is fine everywhere.
//@ rules: AS-RETURN-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

const __global uchar *bytes_of(global uchar *p) { return p; }
local int *tile_row(__local int *tile, int r) { return tile + 8 * r; }
constant float *band(constant float *table, int b) { return table + 4 * b; }
private int *larger(private int *a, private int *b) { return *a > *b ? a : b; }

kernel void combine(global uchar *img, local int *tile, constant float *table, global float *out)
{
    int x = (int)get_global_id(0);
    int y = 3;
    tile_row(tile, 0)[get_local_id(0) & 7] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[x] = (float)bytes_of(img)[x] * band(table, 1)[0] + (float)*larger(&x, &y) + (float)tile[0];
}
