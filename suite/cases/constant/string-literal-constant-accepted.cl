// Near miss: string literals through pointers to __constant (initialised, assigned, passed) and copied into char arrays.
//@ rules: AS-STRING-LITERAL
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: uses=constant-address-data

constant char *constant greeting = "hello";

int length(constant char *s)
{
    int n = 0;
    while (s[n] != 0)
        n++;
    return n;
}

kernel void measure(global int *out)
{
    __constant char *msg = "address";
    char buf[] = "space";
    if (get_global_id(0) == 0)
        msg = "qualifier";
    out[get_global_id(0)] = length(msg) + length("clasp") + length(greeting) + buf[0];
}
