// get_fence on generic pointers into global and local memory includes CLK_GLOBAL_MEM_FENCE and CLK_LOCAL_MEM_FENCE (a wider fence is valid: AS-GET-FENCE's readings); each check writes 1, the global checks in `global_fence`, the local ones in `local_fence`.
//@ rules: AS-GET-FENCE
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals
//@ kind: run
//@ launch: fences 8/8
//@ arg: buffer int[8] global_fence
//@ arg: buffer int[8] local_fence
//@ expect: global_fence == {1, 1, 1, 1, 1, 1, 1, 1}
//@ expect: local_fence == {1, 1, 1, 1, 1, 1, 1, 1}

int is_global(const int *p)
{
    return (get_fence(p) & CLK_GLOBAL_MEM_FENCE) != 0;
}

int is_local(const int *p)
{
    return (get_fence(p) & CLK_LOCAL_MEM_FENCE) != 0;
}

kernel void fences(global int *global_fence, global int *local_fence)
{
    local int tile[8];
    size_t i = get_global_id(0);
    tile[i] = 0;
    int *g = &global_fence[i];
    int *l = &tile[i];
    global_fence[i] = is_global(g);
    local_fence[i] = is_local(l);
}
