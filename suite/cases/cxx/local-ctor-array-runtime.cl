// Every element of a __local array of a class with a user default constructor is constructed once per work-group before the kernel body.
//@ rules: CXX-LOCAL-CTOR
//@ profiles: CLC++2021
//@ kind: run
//@ launch: observe 32/8
//@ arg: buffer int[32] out
//@ expect: out[i] == 5 + 2 * ((i % 8) / 2)

struct Slot {
    int value;
    Slot() : value(5) {}
};

__kernel void observe(__global int *out)
{
    __local Slot slots[8];
    size_t lid = get_local_id(0);
    int before = slots[7 - lid].value;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid % 2 == 0)
        slots[lid].value += 2 * (int)(lid / 2);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = before + slots[lid - lid % 2].value - 5;
}
