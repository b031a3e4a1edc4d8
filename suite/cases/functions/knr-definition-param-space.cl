// K&R (identifier-list) function definitions are C99, so OpenCL C has them: the parameters
// take their types from the declarations before the body, and those follow the parameter
// rules (a parameter is private, never in another named space).
//@ rules: AS-PARAM-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

int sum(p, n)
global int *p;
int n;
{
    return p[0] + n;
}

int scaled(x)
local int x; //~ ERROR AS-PARAM-SPACE
{
    return x * 2;
}

kernel void k(global int *out)
{
    out[0] = sum(out, 1);
}
