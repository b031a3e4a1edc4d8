// get_fence on generic struct pointers (seen through a helper as const void *) includes the fence of the object's space: global for a buffer element, local for a tile element (a wider fence is valid: AS-GET-FENCE's readings); the global checks in `global_fence`, the local ones in `local_fence`.
//@ rules: AS-GET-FENCE
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals
//@ kind: run
//@ launch: struct_fences 16/16
//@ arg: buffer int[16] global_fence
//@ arg: buffer int[16] local_fence
//@ arg: buffer int[128] entries
//@ expect: global_fence[i] == 1
//@ expect: local_fence[i] == 1

typedef struct { int key; float4 value; } entry_t;

int fence_is(const void *p, cl_mem_fence_flags want)
{
    return (get_fence(p) & want) != 0;
}

kernel void struct_fences(global int *global_fence, global int *local_fence, global entry_t *entries)
{
    local entry_t tile[16];
    size_t i = get_global_id(0);
    tile[i].key = (int)i;
    entries[i].key = (int)i;
    entry_t *gen_g = &entries[i];
    entry_t *gen_l = &tile[i];
    int is_global = fence_is(gen_g, CLK_GLOBAL_MEM_FENCE);
    int is_local = fence_is(gen_l, CLK_LOCAL_MEM_FENCE);
    global_fence[i] = is_global;
    local_fence[i] = is_local;
}
