// A typedef'd struct cannot hold a __constant array member.
//@ rules: AS-STRUCT-FIELD
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct {
    __constant float w[4]; //~ ERROR AS-STRUCT-FIELD
    int n;
} weights_t;

kernel void count(global weights_t *ws, global int *out)
{
    out[get_global_id(0)] = ws[get_global_id(0)].n;
}
