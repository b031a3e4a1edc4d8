// Comparisons within one space (both spellings, const on one side) and against the null pointer constant are fine.
//@ rules: AS-COMPARE-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void bounds(global float4 *data, __global const float4 *end, local int *tile, constant int *cfg, global int *out)
{
    int x = 0;
    int y = 1;
    private int *px = &x;
    private int *py = &y;
    local int *lt = tile + get_local_id(0);
    int r = 0;
    r += (data + get_global_id(0) < end);
    r += (lt >= tile);
    r += (cfg != 0);
    r += (px == py);
    r += (data != 0);
    out[get_global_id(0)] = r;
}
