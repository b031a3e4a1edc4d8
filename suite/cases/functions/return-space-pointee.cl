// Spaces on the pointee of a returned pointer are allowed: local int *, global float4 *, constant float *.
//@ rules: AS-RETURN-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

local int *slot(local int *tile)
{
    return tile + get_local_id(0);
}

global float4 *row(global float4 *img, int width, int y)
{
    return img + y * width;
}

constant float *coeffs_for(constant float *table, int band)
{
    return table + band * 4;
}

kernel void filter(global float4 *img, int width, constant float *table, local int *tile)
{
    int y = (int)get_global_id(1);
    int x = (int)get_global_id(0);
    *slot(tile) = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    row(img, width, y)[x] *= coeffs_for(table, y & 3)[0] + (float)tile[0];
}
