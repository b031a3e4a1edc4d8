// Valid code: `__builtin_astype` (behind `as_typen`, and what CLK_NULL_EVENT expands to) reads a
// value's bits as another type, pointers into other spaces included: it converts nothing, so no
// conversion rule applies.
//@ rules: AS-CAST-CROSS AS-INIT-CROSS
//@ profiles: CL2.0 CL3.0+generic+globals
//@ props: uses=clk-null-event

kernel void k(global int *g, global int *out)
{
    clk_event_t e = CLK_NULL_EVENT;
    local int *l = __builtin_astype(g, local int *);
    int4 v = __builtin_astype((float4)(1.0f), int4);
    out[0] = (e == CLK_NULL_EVENT) + (l != 0) + v.x + as_int(1.0f);
}
