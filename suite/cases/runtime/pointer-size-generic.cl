// Report-only: where the generic space exists, the size of a generic pointer is written out beside a global one; only "4 or 8 bytes" is expected.
//@ rules: AS-POINTER-SIZE
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals
//@ kind: run
//@ launch: generic_sizes 1
//@ arg: buffer int[2] ok
//@ arg: buffer int[2] raw
//@ expect: ok == {1, 1}

kernel void generic_sizes(global int *ok, global int *raw)
{
    raw[0] = (int)sizeof(int *);
    raw[1] = (int)sizeof(global int *);
    ok[0] = (raw[0] == 4 || raw[0] == 8);
    ok[1] = (raw[1] == 4 || raw[1] == 8);
}
