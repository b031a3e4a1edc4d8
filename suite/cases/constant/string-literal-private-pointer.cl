// A string literal lives in __constant: an unqualified char pointer in a kernel cannot point at one.
//@ rules: AS-STRING-LITERAL
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void first_char(global char *out)
{
    char *s = "clasp"; //~ ERROR AS-STRING-LITERAL
    out[get_global_id(0)] = s[0];
}
