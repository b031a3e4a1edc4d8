// A program-scope __global variable cannot be initialised by a function call.
//@ rules: AS-PROGSCOPE-INIT
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals

int next_id(void) { return 7; }

float4 origin = (float4)(0.0f);
int first_id = next_id(); //~ ERROR AS-PROGSCOPE-INIT

kernel void ids(global int *out)
{
    out[get_global_id(0)] = first_id + (int)origin.x;
}
