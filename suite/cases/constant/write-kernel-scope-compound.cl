// A compound assignment to a kernel-scope __constant variable is a write.
//@ rules: AS-CONSTANT-WRITE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void step(global int *out)
{
    __constant int stride = 2;
    stride += 1; //~ ERROR AS-CONSTANT-WRITE
    out[get_global_id(0)] = stride;
}
