// to_global, to_local and to_private take generic (or named, converted) pointers and return pointers to their named space.
//@ rules: AS-TO-NAMED-BUILTIN
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

typedef struct {
    float4 pos;
    int id;
} body_t;

int where(body_t *b)
{
    global body_t *g = to_global(b);
    local body_t *l = to_local(b);
    private body_t *p = to_private(b);
    return g ? 0 : (l ? 1 : (p ? 2 : 3));
}

kernel void classify(global body_t *bodies, local body_t *cache, global int *out)
{
    body_t mine = bodies[get_global_id(0)];
    cache[get_local_id(0)] = mine;
    barrier(CLK_LOCAL_MEM_FENCE);
    const global float4 *gp = &to_global(bodies)->pos;
    out[get_global_id(0)] = where(bodies) + where(cache) + where(&mine) + (int)gp->x;
}
