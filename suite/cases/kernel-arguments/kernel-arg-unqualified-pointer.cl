// A kernel pointer argument with no space points to private (1.x, CL3.0) or generic (2.0 and later): rejected either way.
//@ rules: AS-KERNEL-ARG-PTR-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void copy(global int *out, const int *in) //~ ERROR AS-KERNEL-ARG-PTR-SPACE
{
    out[get_global_id(0)] = in[get_global_id(0)];
}
