// A __constant variable at a kernel's outermost scope must be initialised.
//@ rules: AS-CONSTANT-INIT-REQUIRED
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void scale(global int *data)
{
    __constant int factor; //~ ERROR AS-CONSTANT-INIT-REQUIRED
    data[get_global_id(0)] *= factor;
}
