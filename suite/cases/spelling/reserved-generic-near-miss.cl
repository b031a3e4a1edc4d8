// generic_count, Generic and nongeneric are ordinary identifiers where generic is reserved.
//@ rules: AS-RESERVED-GENERIC
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

typedef struct {
    int generic_count;
    int Generic;
} tally_t;

int nongeneric(int x)
{
    return x + 1;
}

kernel void tally(global tally_t *out, global const int *in)
{
    tally_t t;
    t.generic_count = in[get_global_id(0)];
    t.Generic = nongeneric(t.generic_count);
    out[get_global_id(0)] = t;
}
