// Passing a string literal for a const char * parameter (private or generic) is an error.
//@ rules: AS-STRING-LITERAL
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

int length(const char *s)
{
    int n = 0;
    while (s[n] != 0)
        n++;
    return n;
}

kernel void measure(global int *out)
{
    out[get_global_id(0)] = length("address"); //~ ERROR AS-STRING-LITERAL
}
