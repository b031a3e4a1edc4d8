// Qualifiers on the pointee (const, volatile, restrict, float4, struct) do not change the reported space; a by-value struct and vector are private.
//@ rules: AS-ARG-ADDRESS-QUALIFIER
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ kind: run
//@ options: -cl-kernel-arg-info
//@ query: arg-address-qualifier qualified 0 == global
//@ query: arg-address-qualifier qualified 1 == global
//@ query: arg-address-qualifier qualified 2 == local
//@ query: arg-address-qualifier qualified 3 == constant
//@ query: arg-address-qualifier qualified 4 == private
//@ query: arg-address-qualifier qualified 5 == private

typedef struct { int a; float b; } pair_t;

kernel void qualified(__global float4 *restrict out, const global pair_t *in, volatile __local int *flags, __constant float4 *coeffs, pair_t by_value, int4 vec)
{
    size_t i = get_global_id(0);
    flags[0] = 1;
    out[i] = coeffs[0] * in[i].b + (float4)((float)(by_value.a + vec.x + flags[0]));
}
