// In a helper, a private struct pointer cannot be compared with a local struct pointer.
//@ rules: AS-COMPARE-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct {
    int id;
    float w;
} node_t;

int is_shared(private node_t *mine, local node_t *shared_node)
{
    return mine != shared_node; //~ ERROR AS-COMPARE-CROSS
}

kernel void check(local node_t *nodes, global int *out)
{
    node_t n = { (int)get_global_id(0), 1.0f };
    out[get_global_id(0)] = is_shared(&n, nodes);
}
