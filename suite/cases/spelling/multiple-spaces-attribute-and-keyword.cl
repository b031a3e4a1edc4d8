// A keyword and an attribute spelling of another space on one pointee type.
//@ rules: AS-MULTIPLE-SPACES
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: first=constant second=opencl_private

kernel void k(global int *out)
{
    constant __attribute__((opencl_private)) int *p = 0; //~ ERROR AS-MULTIPLE-SPACES
    out[0] = p != 0;
}
