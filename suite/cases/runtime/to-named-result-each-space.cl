// to_global, to_local and to_private return the pointer for a pointer into their space and NULL for one into another. Each behaviour has a buffer of its own: `same_space` (1: the pointer, 0: NULL, 2: another pointer) and `other_space` (1: NULL, 0: the pointer itself, 2: another pointer).
//@ rules: AS-TO-NAMED-RESULT
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals
//@ kind: run
//@ launch: classify 1
//@ arg: buffer int[3] same_space
//@ arg: buffer int[6] other_space
//@ expect: same_space == {1, 1, 1}
//@ expect: other_space == {1, 1, 1, 1, 1, 1}

#define SAME(f, p, want) (f(p) == (want) ? 1 : f(p) == NULL ? 0 : 2)
#define OTHER(f, p) (f(p) == NULL ? 1 : f(p) == (p) ? 0 : 2)

kernel void classify(global int *same_space, global int *other_space)
{
    local int tile[4];
    private int mine = 0;
    int *g = &same_space[0];
    int *l = &tile[1];
    int *p = &mine;
    same_space[0] = SAME(to_global, g, &same_space[0]);
    same_space[1] = SAME(to_local, l, &tile[1]);
    same_space[2] = SAME(to_private, p, &mine);
    other_space[0] = OTHER(to_local, g);
    other_space[1] = OTHER(to_private, g);
    other_space[2] = OTHER(to_global, l);
    other_space[3] = OTHER(to_private, l);
    other_space[4] = OTHER(to_global, p);
    other_space[5] = OTHER(to_local, p);
}
