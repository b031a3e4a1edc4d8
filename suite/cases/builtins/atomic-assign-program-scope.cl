// A program-scope atomic may be initialised (ATOMIC_VAR_INIT), but not assigned.
//@ rules: AS-ATOMIC-ASSIGN
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals

global atomic_int hits = ATOMIC_VAR_INIT(0);

kernel void k(global int *out)
{
    hits = 1; //~ ERROR AS-ATOMIC-ASSIGN
    out[0] = 1;
}
