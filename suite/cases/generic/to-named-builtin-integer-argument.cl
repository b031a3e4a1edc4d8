// to_global takes a pointer: an int argument is an error where the function exists, and the function is missing elsewhere.
//@ rules: AS-TO-NAMED-BUILTIN
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void bad_probe(global int *out)
{
    int n = (int)get_global_id(0);
    out[n] = to_global(n) != 0; //~ ERROR AS-TO-NAMED-BUILTIN
}
