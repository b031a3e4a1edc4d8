// A cast's target type cannot carry two address spaces.
//@ rules: AS-MULTIPLE-SPACES
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct {
    int id;
    float weight;
} item_t;

kernel void reweigh(global item_t *items, float w)
{
    global item_t *it = (private global item_t *)(items + get_global_id(0)); //~ ERROR AS-MULTIPLE-SPACES
    it->weight = w;
}
