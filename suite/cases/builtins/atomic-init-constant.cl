// A __constant atomic with an initialiser: constant is not global.
//@ rules: AS-ATOMIC-INIT-GLOBAL
//@ profiles: CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: type=atomic_int place=program-constant initialiser=macro

constant atomic_int ready = ATOMIC_VAR_INIT(1); //~ ERROR AS-ATOMIC-INIT-GLOBAL

kernel void k(global int *out)
{
    out[0] = 1;
}
