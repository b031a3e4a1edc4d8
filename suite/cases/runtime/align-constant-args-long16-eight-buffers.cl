// Eight buffers behind __constant long16 * arguments: each is aligned to 128 bytes, the size of long16. A runtime that allocates buffers at a smaller alignment shows here unless all of them happen to fall on 128 bytes.
//@ rules: AS-ALIGN
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: space=constant way=argument via=address form=object elem=long
//@ kind: run
//@ requires: CL_DEVICE_MAX_CONSTANT_ARGS >= 8
//@ launch: addresses 8/8
//@ arg: buffer uint[8] rem = 4096
//@ arg: scalar uint 0
//@ arg: buffer long[16] a0
//@ arg: buffer long[32] a1
//@ arg: buffer long[16] a2
//@ arg: buffer long[48] a3
//@ arg: buffer long[16] a4
//@ arg: buffer long[16] a5
//@ arg: buffer long[64] a6
//@ arg: buffer long[16] a7
//@ expect: rem[i] == 0

// zero is 0, passed as an argument so the compiler cannot fold the remainder away.
kernel void addresses(global uint *rem, uint zero,
                      constant long16 *a0, constant long16 *a1, constant long16 *a2, constant long16 *a3,
                      constant long16 *a4, constant long16 *a5, constant long16 *a6, constant long16 *a7)
{
    size_t a;
    switch (get_global_id(0)) {
    case 0: a = (size_t)a0; break;
    case 1: a = (size_t)a1; break;
    case 2: a = (size_t)a2; break;
    case 3: a = (size_t)a3; break;
    case 4: a = (size_t)a4; break;
    case 5: a = (size_t)a5; break;
    case 6: a = (size_t)a6; break;
    default: a = (size_t)a7; break;
    }
    rem[get_global_id(0)] = (uint)((a + zero) % 128);
}
