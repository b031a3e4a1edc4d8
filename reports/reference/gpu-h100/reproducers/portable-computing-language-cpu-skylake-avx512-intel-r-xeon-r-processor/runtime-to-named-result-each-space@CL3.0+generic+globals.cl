// to_global, to_local and to_private return the pointer for a pointer into their space and NULL for one into another; each check writes 1.
//@ rules: AS-TO-NAMED-RESULT
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals
//@ kind: run
//@ launch: classify 1
//@ arg: buffer int[9] out
//@ expect: out == {1, 1, 1, 1, 1, 1, 1, 1, 1}

kernel void classify(global int *out)
{
    local int tile[4];
    private int mine = 0;
    int *g = &out[0];
    int *l = &tile[1];
    int *p = &mine;
    out[0] = to_global(g) == &out[0];
    out[1] = to_local(g) == NULL;
    out[2] = to_private(g) == NULL;
    out[3] = to_local(l) == &tile[1];
    out[4] = to_global(l) == NULL;
    out[5] = to_private(l) == NULL;
    out[6] = to_private(p) == &mine;
    out[7] = to_global(p) == NULL;
    out[8] = to_local(p) == NULL;
}
