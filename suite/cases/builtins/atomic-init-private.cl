// An atomic automatic variable initialised in its declaration: only global atomics can be.
//@ rules: AS-ATOMIC-INIT-GLOBAL
//@ profiles: CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: type=atomic_int place=automatic initialiser=macro

kernel void k(global int *out)
{
    atomic_int counter = ATOMIC_VAR_INIT(0); //~ ERROR AS-ATOMIC-INIT-GLOBAL
    out[0] = 1;
}
