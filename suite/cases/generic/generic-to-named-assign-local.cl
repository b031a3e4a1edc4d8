// Assigning an unqualified pointer to a local one: private to local in 1.x and CL3.0 (AS-ASSIGN-CROSS), generic to local elsewhere (AS-GENERIC-TO-NAMED).
//@ rules: AS-GENERIC-TO-NAMED AS-ASSIGN-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

void publish(local float *slot, float *src)
{
    local float *dst = slot;
    if (*src < 0.0f)
        dst = src; //~ ERROR[CL1.1,CL1.2,CL3.0,CL3.0+globals] AS-ASSIGN-CROSS //~ ERROR[CL2.0,CL3.0+generic,CL3.0+generic+globals] AS-GENERIC-TO-NAMED
    *dst = *src;
}

kernel void publish_all(local float *tile, global float *out)
{
    float v = (float)get_global_id(0);
    publish(tile + get_local_id(0), &v);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tile[get_local_id(0)];
}
