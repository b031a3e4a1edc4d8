// A program-scope variable cannot be __private in any profile.
//@ rules: AS-PROGSCOPE-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

__private int state; //~ ERROR AS-PROGSCOPE-SPACE

kernel void read_state(global int *out)
{
    out[get_global_id(0)] = state;
}
