// A __constant variable cannot be declared in a nested block of a kernel.
//@ rules: AS-CONSTANT-SCOPE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void maybe_scale(global int *data)
{
    if (get_global_id(0) & 1) {
        constant int factor = 3; //~ ERROR AS-CONSTANT-SCOPE
        data[get_global_id(0)] *= factor;
    }
}
