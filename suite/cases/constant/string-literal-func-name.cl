// `__func__` is a function's name as a char array whose storage, like a string literal's, is in
// the constant space: only a pointer to constant may point at it.
//@ rules: AS-STRING-LITERAL
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void named(global char *out)
{
    constant char *ok = __func__;
    char *bad = __func__; //~ ERROR AS-STRING-LITERAL
    out[0] = ok[0] + bad[0];
}
