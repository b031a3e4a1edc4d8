// A struct member in a numbered address_space(N).
//@ rules: AS-STRUCT-FIELD
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct {
    __attribute__((address_space(1))) int count; //~ ERROR AS-STRUCT-FIELD
} counter_t;

kernel void k(global int *out)
{
    counter_t c;
    out[0] = sizeof(c);
}
