// A generic pointer compares with, and meets in ?:, a pointer to global, local or private (the common type is generic).
//@ rules: AS-GENERIC-FROM-NAMED AS-COMPARE-CROSS AS-COND-CROSS
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

typedef struct {
    int key;
    int val;
} kv_t;

kernel void probe(global kv_t *table, local kv_t *cache, int use_cache, global int *out)
{
    kv_t miss = { -1, 0 };
    generic kv_t *hit = use_cache ? (generic kv_t *)cache : (generic kv_t *)table;
    generic kv_t *best = hit == table ? hit : &miss;
    generic const kv_t *r = use_cache ? cache : best;
    out[get_global_id(0)] = (hit != cache) + (best == &miss) + r->val;
}
