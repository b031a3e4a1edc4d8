// Helpers declared with one spelling take arguments and return into pointers declared with the other.
//@ rules: AS-SPELLING-ALIAS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

__local float *pick_row(local float *tile, int row)
{
    return tile + row * 16;
}

global float *offset(__global float *base, size_t n)
{
    return base + n;
}

kernel void rows(global float *out, __local float *tile)
{
    size_t l = get_local_id(0);
    local float *row = pick_row(tile, 0);
    row[l] = (float)l;
    barrier(CLK_LOCAL_MEM_FENCE);
    __global float *dst = offset(out, get_group_id(0) * 16);
    dst[l] = row[15 - l];
}
