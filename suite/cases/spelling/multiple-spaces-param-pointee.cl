// A helper parameter's pointee cannot be both __constant and __private.
//@ rules: AS-MULTIPLE-SPACES
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

float sum4(__constant __private float *v) //~ ERROR AS-MULTIPLE-SPACES
{
    return v[0] + v[1] + v[2] + v[3];
}

kernel void sums(global float *out, constant float *table)
{
    out[get_global_id(0)] = sum4(table + 4 * get_global_id(0));
}
