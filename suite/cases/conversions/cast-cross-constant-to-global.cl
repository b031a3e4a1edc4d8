// Casting a constant pointer to a global one (to write through it) is illegal.
//@ rules: AS-CAST-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void patch(constant float *table, global float *out)
{
    global float *w = (global float *)table; //~ ERROR AS-CAST-CROSS
    out[get_global_id(0)] = w[0];
}
