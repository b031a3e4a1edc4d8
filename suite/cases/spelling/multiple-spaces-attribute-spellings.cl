// clang's attribute spellings name the same spaces as the keywords: two different ones on a type are two spaces.
//@ rules: AS-MULTIPLE-SPACES
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: first=opencl_global second=opencl_local

void fill(__attribute__((opencl_global)) __attribute__((opencl_local)) int *p, int n) //~ ERROR AS-MULTIPLE-SPACES
{
    p[0] = n;
}

kernel void k(global int *out)
{
    out[0] = 1;
}
