// A relational comparison between a constant and a global float pointer is an error.
//@ rules: AS-COMPARE-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void ordered(constant float *table, global float *data, global int *out)
{
    int before = table < data; //~ ERROR AS-COMPARE-CROSS
    out[get_global_id(0)] = before;
}
