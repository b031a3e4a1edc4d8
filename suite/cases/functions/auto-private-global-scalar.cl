// A kernel's automatic variable cannot be declared global: automatics are private.
//@ rules: AS-AUTO-PRIVATE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void count(global int *out)
{
    global int hits; //~ ERROR AS-AUTO-PRIVATE
    hits = (int)get_global_id(0);
    out[get_global_id(0)] = hits;
}
