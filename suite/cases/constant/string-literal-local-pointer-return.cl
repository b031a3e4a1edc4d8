// Returning a string literal from a function that returns a pointer to __local char is an error.
//@ rules: AS-STRING-LITERAL
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

local const char *fallback(void)
{
    return "x"; //~ ERROR AS-STRING-LITERAL
}

kernel void use(global char *out)
{
    out[get_global_id(0)] = fallback()[0];
}
