// to_global takes a generic pointer, so a constant pointer argument is a constant-to-generic conversion.
//@ rules: AS-GENERIC-CONSTANT AS-TO-NAMED-BUILTIN
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

kernel void probe(constant int *table, global int *out)
{
    global const int *g = to_global(table); //~ ERROR AS-GENERIC-CONSTANT
    out[get_global_id(0)] = g != 0;
}
