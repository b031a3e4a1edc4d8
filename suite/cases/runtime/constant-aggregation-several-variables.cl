// Report-only: a kernel reading six __constant variables (five at program scope, one in the kernel) and one constant argument must simply run; how they map to constant slots is the implementation's business.
//@ rules: AS-CONSTANT-AGGREGATION
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ kind: run
//@ launch: gather 16/16
//@ arg: buffer int[16] out
//@ arg: buffer int[16] extra = 1000
//@ expect: out[i] == 1 + 20 + 300 + 4000 + 50000 + 600000 + 1000 + i * 3

constant int one = 1;
constant int twenty = 20;
__constant int three_hundred[2] = {300, 300};
constant short four_thousand = 4000;
__constant int4 fifty_thousand = (int4)(50000, 0, 0, 0);

kernel void gather(global int *out, constant int *extra)
{
    constant int six_hundred_thousand[3] = {600000, 3, 0};
    size_t i = get_global_id(0);
    out[i] = one + twenty + three_hundred[i % 2] + four_thousand + fifty_thousand.x
           + six_hundred_thousand[0] + extra[i] + six_hundred_thousand[1] * (int)i;
}
