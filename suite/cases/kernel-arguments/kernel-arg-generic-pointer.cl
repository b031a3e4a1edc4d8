// Where the generic space exists, a kernel argument still cannot point to generic.
//@ rules: AS-KERNEL-ARG-PTR-SPACE
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

kernel void consume(generic int *p, global int *out) //~ ERROR AS-KERNEL-ARG-PTR-SPACE
{
    out[get_global_id(0)] = p[get_global_id(0)];
}
