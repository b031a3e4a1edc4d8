// Static __global variables in a kernel and a helper start with their constant initialiser or zero, before any write.
//@ rules: AS-GLOBAL-INIT-VALUE
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals
//@ props: storage=static-helper
//@ kind: run
//@ launch: first_look 1
//@ arg: buffer int[4] out
//@ expect: out == {0, 7, 0, 25}

int helper_value(void)
{
    static global int seeded = 25;
    return seeded;
}

kernel void first_look(global int *out)
{
    static int zeroed;
    static global int seven = 7;
    static float fzero;
    out[0] = zeroed;
    out[1] = seven;
    out[2] = (int)fzero;
    out[3] = helper_value();
}
