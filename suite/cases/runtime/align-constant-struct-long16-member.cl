// A program-scope __constant struct whose long16 member follows a char: the member is aligned to 128 bytes, so the struct is too, and so is the second element of an array of them.
//@ rules: AS-ALIGN
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: space=constant way=program-scope form=member elem=long
//@ kind: run
//@ launch: addresses 2/1
//@ arg: buffer uint[2] member_rem = 4096
//@ arg: buffer uint[2] struct_rem = 4096
//@ arg: buffer long[2] value
//@ arg: scalar uint 0
//@ expect: member_rem[i] == 0
//@ expect: struct_rem[i] == 0
//@ expect: value == {16, 32}

struct wide { char c; long16 v; };

constant struct wide table[2] = {
    {1, (long16)(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)},
    {2, (long16)(17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32)},
};

// zero is 0, passed as an argument so the compiler cannot fold the remainder away.
kernel void addresses(global uint *member_rem, global uint *struct_rem, global long *value, uint zero)
{
    size_t k = get_global_id(0);
    member_rem[k] = (uint)(((size_t)&table[k].v + zero) % 128);
    struct_rem[k] = (uint)(((size_t)&table[k] + zero) % 128);
    value[k] = table[k].v.sf;
}
