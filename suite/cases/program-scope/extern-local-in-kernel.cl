// An extern declaration inside a kernel cannot name a __local variable.
//@ rules: AS-EXTERN-SPACE
//@ profiles: CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void share(global int *out)
{
    extern local int shared_count; //~ ERROR AS-EXTERN-SPACE
    out[get_global_id(0)] = shared_count;
}
