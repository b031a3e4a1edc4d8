// Near miss: static __global variables with const and volatile qualifiers, in a helper and a kernel, with program-scope globals.
//@ rules: AS-STATIC-SPACE
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals
//@ props: storage=static-helper uses=written-static

int bump(void)
{
    static volatile global int counter = 0;
    return ++counter;
}

kernel void run(global int *out)
{
    static const __global int base = 100;
    out[get_global_id(0)] = base + bump();
}
