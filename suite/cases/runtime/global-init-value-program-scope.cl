// Program-scope __global variables start with their constant initialisers (scalar, vector, array, struct, pointer) or zero without one.
//@ rules: AS-GLOBAL-INIT-VALUE
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals
//@ props: storage=program
//@ kind: run
//@ launch: snapshot 1
//@ arg: buffer int[12] out
//@ expect: out == {42, 0, 1, 2, 3, 4, 5, 6, 7, 9, 0, 42}

typedef struct { int a; int b; } pair_t;

global int answer = 42;
global int untouched;
global int4 ramp = (int4)(1, 2, 3, 4);
int table[3] = {5, 6, 7};
global pair_t pair = {9, 0};
global pair_t zero_pair;
global int *global answer_ptr = &answer;

kernel void snapshot(global int *out)
{
    out[0] = answer;
    out[1] = untouched;
    out[2] = ramp.x;
    out[3] = ramp.y;
    out[4] = ramp.z;
    out[5] = ramp.w;
    out[6] = table[0];
    out[7] = table[1];
    out[8] = table[2];
    out[9] = pair.a + pair.b + zero_pair.a;
    out[10] = zero_pair.b;
    out[11] = *answer_ptr;
}
