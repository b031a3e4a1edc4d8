// A static counter in a helper function: not OpenCL C 1.x.
//@ rules: AS-STATIC-FUNCTION-SCOPE
//@ profiles: CL1.1 CL1.2

int next(void)
{
    static int calls; //~ ERROR AS-STATIC-FUNCTION-SCOPE
    return calls;
}

kernel void k(global int *out)
{
    out[0] = next();
}
