// A pointer to generic const int cannot be initialised from a constant pointer: constant is outside the generic space.
//@ rules: AS-GENERIC-CONSTANT
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

kernel void bias(constant int *offsets, global int *out)
{
    generic const int *p = offsets; //~ ERROR AS-GENERIC-CONSTANT
    out[get_global_id(0)] += *p;
}
