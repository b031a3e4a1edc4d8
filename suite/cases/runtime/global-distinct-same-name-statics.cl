// Two function-scope statics with the same name in different functions are different __global objects.
//@ rules: AS-GLOBAL-DISTINCT
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals
//@ props: storage=static-helper uses=written-static
//@ kind: run
//@ launch: count 1
//@ launch: count 1
//@ launch: show 1
//@ arg: buffer int[2] out
//@ expect: out == {2, 20}

int step_a(int by)
{
    static int n;
    n += by;
    return n;
}

int step_b(int by)
{
    static int n;
    n += by * 10;
    return n;
}

kernel void count(global int *out)
{
    step_a(1);
    step_b(1);
}

kernel void show(global int *out)
{
    out[0] = step_a(0);
    out[1] = step_b(0);
}
