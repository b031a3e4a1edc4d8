// prefetch cannot take a pointer to __constant.
//@ rules: AS-PREFETCH-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void warm(constant int4 *table, global int4 *out)
{
    prefetch(table, 8); //~ ERROR AS-PREFETCH-SPACE
    out[get_global_id(0)] = table[get_global_id(0) & 7];
}
