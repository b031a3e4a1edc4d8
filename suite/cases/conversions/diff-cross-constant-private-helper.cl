// In a helper, a constant pointer minus a private array pointer is an error, whatever the element type.
//@ rules: AS-DIFF-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

int index_of(constant float4 *table, float4 probe)
{
    float4 local_table[2];
    local_table[0] = probe;
    local_table[1] = table[0];
    return (int)(table - local_table); //~ ERROR AS-DIFF-CROSS
}

kernel void find(constant float4 *table, global const float4 *probes, global int *out)
{
    out[get_global_id(0)] = index_of(table, probes[get_global_id(0)]);
}
