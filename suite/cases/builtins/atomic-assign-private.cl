// An atomic object is written with the atomic functions, never with `=`: a private one here.
//@ rules: AS-ATOMIC-ASSIGN
//@ profiles: CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef atomic_int counter_t;

kernel void k(global int *out)
{
    atomic_int mine;
    counter_t other;
    mine = 1;  //~ ERROR AS-ATOMIC-ASSIGN
    other = 2; //~ ERROR AS-ATOMIC-ASSIGN
    out[0] = 1;
}
