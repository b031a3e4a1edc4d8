// Only an integer zero cast to an unqualified `void *` is a null pointer constant that converts to
// a pointer into any space. Cast to a pointer into a named space, zero is a pointer into that
// space, and converting it to another named space crosses spaces. A pointee in the default space
// (private, or generic where the generic space exists) counts as unqualified.
//@ rules: AS-INIT-CROSS AS-COMPARE-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void k(global int *data)
{
    global int *a = (void *)0;
    constant int *b = (void *)0;
    global int *c = (global void *)0;
    constant int *d = (global void *)0; //~ ERROR AS-INIT-CROSS
    global int *e = (local void *)0; //~ ERROR AS-INIT-CROSS
    local int *f = (private void *)0; //~ ERROR[CL2.0,CL3.0+generic,CL3.0+generic+globals] AS-INIT-CROSS
    int same = data == (void *)0;
    int cross = data == (local void *)0; //~ ERROR AS-COMPARE-CROSS
    data[0] = (a == c) + (b == d) + (e == data) + (f != 0) + same + cross;
}
