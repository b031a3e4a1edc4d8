// A kernel with 65 __constant pointer arguments exceeds a device whose CL_DEVICE_MAX_CONSTANT_ARGS is below 65: build or enqueue must fail cleanly.
//@ rules: AS-CONSTANT-ARGS-LIMIT
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: limit=over
//@ kind: run
//@ requires: CL_DEVICE_MAX_CONSTANT_ARGS < 65
//@ launch: many_constants 1
//@ arg: buffer int[1] out
//@ arg: buffer int[1] c0 = 0
//@ arg: buffer int[1] c1 = 1
//@ arg: buffer int[1] c2 = 2
//@ arg: buffer int[1] c3 = 3
//@ arg: buffer int[1] c4 = 4
//@ arg: buffer int[1] c5 = 5
//@ arg: buffer int[1] c6 = 6
//@ arg: buffer int[1] c7 = 7
//@ arg: buffer int[1] c8 = 8
//@ arg: buffer int[1] c9 = 9
//@ arg: buffer int[1] c10 = 10
//@ arg: buffer int[1] c11 = 11
//@ arg: buffer int[1] c12 = 12
//@ arg: buffer int[1] c13 = 13
//@ arg: buffer int[1] c14 = 14
//@ arg: buffer int[1] c15 = 15
//@ arg: buffer int[1] c16 = 16
//@ arg: buffer int[1] c17 = 17
//@ arg: buffer int[1] c18 = 18
//@ arg: buffer int[1] c19 = 19
//@ arg: buffer int[1] c20 = 20
//@ arg: buffer int[1] c21 = 21
//@ arg: buffer int[1] c22 = 22
//@ arg: buffer int[1] c23 = 23
//@ arg: buffer int[1] c24 = 24
//@ arg: buffer int[1] c25 = 25
//@ arg: buffer int[1] c26 = 26
//@ arg: buffer int[1] c27 = 27
//@ arg: buffer int[1] c28 = 28
//@ arg: buffer int[1] c29 = 29
//@ arg: buffer int[1] c30 = 30
//@ arg: buffer int[1] c31 = 31
//@ arg: buffer int[1] c32 = 32
//@ arg: buffer int[1] c33 = 33
//@ arg: buffer int[1] c34 = 34
//@ arg: buffer int[1] c35 = 35
//@ arg: buffer int[1] c36 = 36
//@ arg: buffer int[1] c37 = 37
//@ arg: buffer int[1] c38 = 38
//@ arg: buffer int[1] c39 = 39
//@ arg: buffer int[1] c40 = 40
//@ arg: buffer int[1] c41 = 41
//@ arg: buffer int[1] c42 = 42
//@ arg: buffer int[1] c43 = 43
//@ arg: buffer int[1] c44 = 44
//@ arg: buffer int[1] c45 = 45
//@ arg: buffer int[1] c46 = 46
//@ arg: buffer int[1] c47 = 47
//@ arg: buffer int[1] c48 = 48
//@ arg: buffer int[1] c49 = 49
//@ arg: buffer int[1] c50 = 50
//@ arg: buffer int[1] c51 = 51
//@ arg: buffer int[1] c52 = 52
//@ arg: buffer int[1] c53 = 53
//@ arg: buffer int[1] c54 = 54
//@ arg: buffer int[1] c55 = 55
//@ arg: buffer int[1] c56 = 56
//@ arg: buffer int[1] c57 = 57
//@ arg: buffer int[1] c58 = 58
//@ arg: buffer int[1] c59 = 59
//@ arg: buffer int[1] c60 = 60
//@ arg: buffer int[1] c61 = 61
//@ arg: buffer int[1] c62 = 62
//@ arg: buffer int[1] c63 = 63
//@ arg: buffer int[1] c64 = 64
//@ expect-error: build-or-enqueue

kernel void many_constants(global int *out,
                           constant int *c0, constant int *c1, constant int *c2, constant int *c3, constant int *c4,
                           constant int *c5, constant int *c6, constant int *c7, constant int *c8, constant int *c9,
                           constant int *c10, constant int *c11, constant int *c12, constant int *c13, constant int *c14,
                           constant int *c15, constant int *c16, constant int *c17, constant int *c18, constant int *c19,
                           constant int *c20, constant int *c21, constant int *c22, constant int *c23, constant int *c24,
                           constant int *c25, constant int *c26, constant int *c27, constant int *c28, constant int *c29,
                           constant int *c30, constant int *c31, constant int *c32, constant int *c33, constant int *c34,
                           constant int *c35, constant int *c36, constant int *c37, constant int *c38, constant int *c39,
                           constant int *c40, constant int *c41, constant int *c42, constant int *c43, constant int *c44,
                           constant int *c45, constant int *c46, constant int *c47, constant int *c48, constant int *c49,
                           constant int *c50, constant int *c51, constant int *c52, constant int *c53, constant int *c54,
                           constant int *c55, constant int *c56, constant int *c57, constant int *c58, constant int *c59,
                           constant int *c60, constant int *c61, constant int *c62, constant int *c63, constant int *c64)
{
    out[0] = c0[0] + c1[0] + c2[0] + c3[0] + c4[0]
           + c5[0] + c6[0] + c7[0] + c8[0] + c9[0]
           + c10[0] + c11[0] + c12[0] + c13[0] + c14[0]
           + c15[0] + c16[0] + c17[0] + c18[0] + c19[0]
           + c20[0] + c21[0] + c22[0] + c23[0] + c24[0]
           + c25[0] + c26[0] + c27[0] + c28[0] + c29[0]
           + c30[0] + c31[0] + c32[0] + c33[0] + c34[0]
           + c35[0] + c36[0] + c37[0] + c38[0] + c39[0]
           + c40[0] + c41[0] + c42[0] + c43[0] + c44[0]
           + c45[0] + c46[0] + c47[0] + c48[0] + c49[0]
           + c50[0] + c51[0] + c52[0] + c53[0] + c54[0]
           + c55[0] + c56[0] + c57[0] + c58[0] + c59[0]
           + c60[0] + c61[0] + c62[0] + c63[0] + c64[0];
}
