// CL_KERNEL_ARG_ADDRESS_QUALIFIER reports global, local and constant for pointer arguments and private for a by-value scalar.
//@ rules: AS-ARG-ADDRESS-QUALIFIER
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ kind: run
//@ options: -cl-kernel-arg-info
//@ launch: mixed 16/16
//@ arg: buffer int[16] out
//@ arg: local 64
//@ arg: buffer int[16] table = i + 1
//@ arg: scalar int 3
//@ query: arg-address-qualifier mixed 0 == global
//@ query: arg-address-qualifier mixed 1 == local
//@ query: arg-address-qualifier mixed 2 == constant
//@ query: arg-address-qualifier mixed 3 == private
//@ expect: out[i] == 3 * (i + 1)

kernel void mixed(global int *out, local int *scratch, constant int *table, int scale)
{
    size_t i = get_global_id(0);
    scratch[i] = table[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[i] = scratch[i] * scale;
}
