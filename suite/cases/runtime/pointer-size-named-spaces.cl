// Report-only: the sizes of pointers to global, local, constant and private are written out; only "each is 4 or 8 bytes" is expected, never that they are equal.
//@ rules: AS-POINTER-SIZE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ kind: run
//@ launch: sizes 1
//@ arg: buffer int[4] ok
//@ arg: buffer int[4] raw
//@ expect: ok == {1, 1, 1, 1}

kernel void sizes(global int *ok, global int *raw)
{
    raw[0] = (int)sizeof(global int *);
    raw[1] = (int)sizeof(local float4 *);
    raw[2] = (int)sizeof(constant char *);
    raw[3] = (int)sizeof(private int *);
    for (int k = 0; k < 4; k++)
        ok[k] = (raw[k] == 4 || raw[k] == 8);
}
