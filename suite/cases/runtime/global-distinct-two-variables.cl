// Two program-scope __global variables have distinct storage: writing one through a kernel leaves the other (and a __global array next to it) unchanged.
//@ rules: AS-GLOBAL-DISTINCT
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals
//@ props: storage=program
//@ kind: run
//@ launch: write_first 1
//@ launch: read_all 8
//@ arg: buffer int[8] out
//@ expect: out == {77, 5, 0, 0, 0, 0, 77, 5}

global int first;
global int second = 5;
global int neighbours[4];

kernel void write_first(global int *out)
{
    global int *p = &first;
    *p = 77;
}

kernel void read_all(global int *out)
{
    size_t i = get_global_id(0);
    if (i == 0) out[i] = first;
    else if (i == 1) out[i] = second;
    else if (i < 6) out[i] = neighbours[i - 2];
    else out[i] = (i == 6) ? first : second;
}
