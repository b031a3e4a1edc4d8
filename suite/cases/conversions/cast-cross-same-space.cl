// Casts that keep the space and change only the pointee type or qualifiers are fine in every version.
//@ rules: AS-CAST-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void views(global int *data, local float4 *tile, constant float *table, global uchar *out)
{
    float f = 1.5f;
    size_t i = get_global_id(0);
    global uchar *bytes = (global uchar *)data;
    local float *lanes = (local float *)tile;
    constant uint *bits = (constant uint *)table;
    private uint *fb = (private uint *)&f;
    const __global int *ro = (const global int *)data;
    lanes[get_local_id(0)] = (float)*fb;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[i] = bytes[i] + (uchar)bits[0] + (uchar)lanes[0] + (uchar)ro[0];
}
