// A program-scope __global counter keeps its value across two launches of one kernel and is then read by a second kernel.
//@ rules: AS-GLOBAL-PERSIST
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals
//@ props: storage=program
//@ kind: run
//@ launch: bump 1
//@ launch: bump 1
//@ launch: read_back 4
//@ arg: buffer int[4] out
//@ expect: out == {2, 12, 2, 12}

global int counter;
int plain_counter = 10;

kernel void bump(global int *out)
{
    counter += 1;
    plain_counter += 1;
}

kernel void read_back(global int *out)
{
    size_t i = get_global_id(0);
    out[i] = (i % 2 == 0) ? counter : plain_counter;
}
