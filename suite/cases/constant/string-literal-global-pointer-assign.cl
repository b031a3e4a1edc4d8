// Assigning a string literal to a pointer to const __global char is an error.
//@ rules: AS-STRING-LITERAL
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void pick(global const char *names, global char *out, int use_default)
{
    global const char *name = names;
    if (use_default)
        name = "none"; //~ ERROR AS-STRING-LITERAL
    out[get_global_id(0)] = name[0];
}
