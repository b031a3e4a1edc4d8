// __attribute__((aligned(64))) on a struct field raises the field's and so the struct's alignment in every space: after a char the field sits at byte 64 and the struct takes 128 bytes, whether it is private, __local, program-scope __constant or behind a __global pointer, and each object sits on a 64-byte boundary.
//@ rules: AS-ALIGN-ATTRIBUTE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: form=member
//@ kind: run
//@ launch: layout 1
//@ arg: buffer uint[4] second_field_at = 4096
//@ arg: buffer uint[3] remainder = 4096
//@ arg: buffer int[1] unused = 0
//@ arg: scalar uint 0
//@ expect: second_field_at[i] == 192
//@ expect: remainder[i] == 0

struct padded { char c; int x __attribute__((aligned(64))); };

__constant struct padded constant_pair[2] = { { 1, 2 }, { 3, 4 } };

// second_field_at: where a[1].x lies from a[0], in private, __local, __constant and __global
// memory (64 within the struct, plus the 128-byte size of the first). remainder: each
// object's address modulo 64 (private, __local, __constant). zero is 0, passed as an argument
// so the compiler cannot fold the remainder away.
kernel void layout(global uint *second_field_at, global uint *remainder, global struct padded *unused, uint zero)
{
    struct padded private_pair[2];
    local struct padded local_pair[2];
    private_pair[0].c = 0;
    second_field_at[0] = (uint)((size_t)&private_pair[1].x - (size_t)&private_pair[0]);
    second_field_at[1] = (uint)((size_t)&local_pair[1].x - (size_t)&local_pair[0]);
    second_field_at[2] = (uint)((size_t)&constant_pair[1].x - (size_t)&constant_pair[0]);
    second_field_at[3] = (uint)((size_t)&unused[1].x - (size_t)&unused[0]);
    remainder[0] = (uint)(((size_t)&private_pair[0] + zero) % 64);
    remainder[1] = (uint)(((size_t)&local_pair[0] + zero) % 64);
    remainder[2] = (uint)(((size_t)&constant_pair[0] + zero) % 64);
}
