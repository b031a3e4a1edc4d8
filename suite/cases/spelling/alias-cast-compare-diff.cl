// Casts, comparisons and differences between pointers spelled global and __global are same-space operations.
//@ rules: AS-SPELLING-ALIAS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct {
    int key;
    float value;
} pair_t;

kernel void find(global pair_t *pairs, __global const pair_t *end, global int *hits)
{
    __global pair_t *p = pairs + get_global_id(0);
    global uchar *bytes = (__global uchar *)p;
    if (p != end && (global const pair_t *)p < end)
        hits[get_global_id(0)] = p->key + bytes[0] + (int)(end - p);
}
