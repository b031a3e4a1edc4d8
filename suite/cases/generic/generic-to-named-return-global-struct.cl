// A function returning a pointer to global struct cannot return a generic struct pointer.
//@ rules: AS-GENERIC-TO-NAMED
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

typedef struct {
    int head;
    int tail;
} ring_t;

global ring_t *as_global(ring_t *q)
{
    return q; //~ ERROR AS-GENERIC-TO-NAMED
}

kernel void drain(global ring_t *qs)
{
    as_global(qs + get_global_id(0))->head = 0;
}
