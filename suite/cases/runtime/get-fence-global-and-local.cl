// get_fence on generic pointers into global and local memory includes CLK_GLOBAL_MEM_FENCE and CLK_LOCAL_MEM_FENCE (a wider fence is valid: AS-GET-FENCE's readings); each check writes 1.
//@ rules: AS-GET-FENCE
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals
//@ kind: run
//@ launch: fences 8/8
//@ arg: buffer int[16] out
//@ expect: out == {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}

int is_global(const int *p)
{
    return (get_fence(p) & CLK_GLOBAL_MEM_FENCE) != 0;
}

int is_local(const int *p)
{
    return (get_fence(p) & CLK_LOCAL_MEM_FENCE) != 0;
}

kernel void fences(global int *out)
{
    local int tile[8];
    size_t i = get_global_id(0);
    tile[i] = 0;
    int *g = &out[i];
    int *l = &tile[i];
    out[i] = is_global(g);
    out[8 + i] = is_local(l);
}
