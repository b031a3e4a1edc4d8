// Valid code: printf with constant format strings and vector conversions, string literals read
// through constant pointers.
//@ rules: AS-STRING-LITERAL AS-CONSTANT-READABLE
//@ profiles: CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: uses=constant-address-data

__constant char greeting[] = "hello";

static int length(__constant char *s)
{
    int n = 0;
    while (s[n] != '\0')
        n++;
    return n;
}

kernel void say(__global int *out)
{
    __constant char *msg = "work-item";
    float4 v = (float4)(1.0f, 2.0f, 3.0f, 4.0f);
    if (get_global_id(0) == 0) {
        printf("%s %d: %v4hlf\n", msg, (int)get_global_id(0), v);
        printf("%s\n", greeting);
    }
    out[get_global_id(0)] = length(msg) + length(greeting) + length("x");
}
