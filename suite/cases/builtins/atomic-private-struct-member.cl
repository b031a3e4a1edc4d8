// A helper cannot use atomic_add on a member of a private struct.
//@ rules: AS-ATOMIC-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct { int total; int n; } tally_t;

int tally(global const int *in)
{
    tally_t t = {0, 0};
    atomic_add(&t.total, in[get_global_id(0)]); //~ ERROR AS-ATOMIC-SPACE
    return t.total;
}

kernel void run(global const int *in, global int *out)
{
    out[get_global_id(0)] = tally(in);
}
