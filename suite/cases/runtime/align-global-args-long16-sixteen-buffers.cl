// Sixteen buffers behind __global long16 * arguments: each is aligned to 128 bytes, the size of long16. A runtime that allocates buffers at a smaller alignment shows here unless all of them happen to fall on 128 bytes.
//@ rules: AS-ALIGN
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: space=global way=argument via=address form=object elem=long
//@ kind: run
//@ launch: addresses 16/16
//@ arg: buffer uint[16] rem = 4096
//@ arg: scalar uint 0
//@ arg: buffer long[16] a0
//@ arg: buffer long[32] a1
//@ arg: buffer long[16] a2
//@ arg: buffer long[48] a3
//@ arg: buffer long[16] a4
//@ arg: buffer long[16] a5
//@ arg: buffer long[64] a6
//@ arg: buffer long[16] a7
//@ arg: buffer long[32] a8
//@ arg: buffer long[16] a9
//@ arg: buffer long[16] a10
//@ arg: buffer long[16] a11
//@ arg: buffer long[80] a12
//@ arg: buffer long[16] a13
//@ arg: buffer long[16] a14
//@ arg: buffer long[32] a15
//@ expect: rem[i] == 0

// zero is 0, passed as an argument so the compiler cannot fold the remainder away.
kernel void addresses(global uint *rem, uint zero,
                      global long16 *a0, global long16 *a1, global long16 *a2, global long16 *a3,
                      global long16 *a4, global long16 *a5, global long16 *a6, global long16 *a7,
                      global long16 *a8, global long16 *a9, global long16 *a10, global long16 *a11,
                      global long16 *a12, global long16 *a13, global long16 *a14, global long16 *a15)
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
    case 7: a = (size_t)a7; break;
    case 8: a = (size_t)a8; break;
    case 9: a = (size_t)a9; break;
    case 10: a = (size_t)a10; break;
    case 11: a = (size_t)a11; break;
    case 12: a = (size_t)a12; break;
    case 13: a = (size_t)a13; break;
    case 14: a = (size_t)a14; break;
    default: a = (size_t)a15; break;
    }
    rem[get_global_id(0)] = (uint)((a + zero) % 128);
}
