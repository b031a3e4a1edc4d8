// A __constant compound literal in a helper function.
//@ rules: AS-COMPOUND-LITERAL-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: space=constant context=helper

int first(int i)
{
    return (constant int[2]){3, 4}[i & 1]; //~ ERROR AS-COMPOUND-LITERAL-SPACE
}

kernel void k(global int *out)
{
    out[0] = first(0);
}
