// In a helper, the address of a private struct cannot be cast to a global struct pointer.
//@ rules: AS-CAST-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct {
    int a;
    int b;
} pair_t;

int total(pair_t p)
{
    __global pair_t *gp = (__global pair_t *)&p; //~ ERROR AS-CAST-CROSS
    return gp->a + gp->b;
}

kernel void totals(global const pair_t *pairs, global int *out)
{
    out[get_global_id(0)] = total(pairs[get_global_id(0)]);
}
