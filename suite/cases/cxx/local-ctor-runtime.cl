// The constructor of a __local object runs once per work-group, by one work-item, before the kernel body: every work-item reads the constructed value.
//@ rules: CXX-LOCAL-CTOR
//@ profiles: CLC++2021
//@ kind: run
//@ launch: observe 64/16
//@ arg: buffer int[64] out
//@ expect: out[i] == 7

struct Seeded {
    int value;
    Seeded() : value(7) {}
};

__kernel void observe(__global int *out)
{
    __local Seeded seeded;
    out[get_global_id(0)] = seeded.value;
}
