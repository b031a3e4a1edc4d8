// A global object's constructor runs once, before the first kernel: a kernel that bumps it twice and a second kernel that reads it see one construction.
//@ rules: CXX-GLOBAL-CTOR-ORDER
//@ profiles: CLC++2021
//@ props: storage=program linkage=external
//@ kind: run
//@ launch: bump 1
//@ launch: bump 1
//@ launch: read_back 4
//@ arg: buffer int[4] out
//@ expect: out[i] == 102

struct Counter {
    int value;
    Counter() : value(100) {}
};

Counter counter;

__kernel void bump(__global int *out)
{
    counter.value += 1;
}

__kernel void read_back(__global int *out)
{
    out[get_global_id(0)] = counter.value;
}
