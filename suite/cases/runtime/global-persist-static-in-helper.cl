// A static variable inside a helper function is __global by default and keeps its value across launches of two kernels that call it.
//@ rules: AS-GLOBAL-PERSIST
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals
//@ props: storage=static-helper uses=written-static
//@ kind: run
//@ launch: tick 1
//@ launch: tick 1
//@ launch: tick 1
//@ launch: report 1
//@ arg: buffer int[2] out
//@ expect: out == {3, 103}

int advance(int by, int want_total)
{
    static int calls;
    static global int total = 100;
    calls += by;
    total += by;
    return want_total ? total : calls;
}

kernel void tick(global int *out)
{
    advance(1, 0);
}

kernel void report(global int *out)
{
    out[0] = advance(0, 0);
    out[1] = advance(0, 1);
}
