// A program-scope __constant variable cannot be initialised by a call to a user function.
//@ rules: AS-CONSTANT-INIT-CONST
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

float half_of(float x) { return x * 0.5f; }

constant float ratio = half_of(3.0f); //~ ERROR AS-CONSTANT-INIT-CONST

kernel void apply(global float *data)
{
    data[get_global_id(0)] *= ratio;
}
