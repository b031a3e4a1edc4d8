// A local uint pointer cannot be passed for a volatile private uint parameter in a nested call.
//@ rules: AS-ARG-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

uint bump(volatile private uint *c)
{
    *c += 1u;
    return *c;
}

kernel void counters(local uint *shared_count, global uint *out)
{
    uint mine = 0u;
    out[get_global_id(0)] = bump(&mine);
    if (get_local_id(0) == 0) {
        *shared_count = 0u;
        out[get_global_id(0)] += bump(shared_count); //~ ERROR AS-ARG-CROSS
    }
}
