// Valid code: vector types, literals, swizzles (xyzw, sN, lo/hi/even/odd), component-wise
// operators, conversions and reinterpretations, and pointers to vectors in every space.
//@ rules: AS-ARG-CROSS AS-ASSIGN-CROSS AS-KERNEL-ARG-PTR-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

__constant float4 bias = (float4)(0.5f, 0.25f, 0.125f, 0.0625f);

float4 shuffle_add(float4 a, float4 b)
{
    return a.wzyx + b.s1032;
}

kernel void vectors(__global float4 *out, __global const int8 *ints, __local float2 *pairs, __global uchar16 *bytes)
{
    size_t gid = get_global_id(0);
    float4 a = (float4)(1.0f, 2.0f, 3.0f, 4.0f);
    float4 b = (float4)(0.5f);
    float4 c = (float4)(a.xy, b.zw);
    float2 lo = a.lo, hi = a.hi, ev = a.even, od = a.odd;
    int8 v8 = ints[gid];
    int4 i4 = v8.s0246 + v8.hi;
    uint4 u = as_uint4(a);
    float4 back = as_float4(u);
    int4 mask = a > b;
    float4 sel = select(a, b, mask);
    float4 conv = convert_float4(i4);
    uchar16 bb = bytes[gid];
    bb.s0123 = bb.sfedc;
    bytes[gid] = bb;
    pairs[get_local_id(0)] = lo + hi;
    __local float2 *lp = pairs;
    __private float4 *pp = &c;
    pp->x += ev.x + od.y + (*lp).y;
    c.w = dot(a, b) + length(c.xyz) + sel.z + back.y;
    out[gid] = shuffle_add(c, conv) * bias + cross(a, b) + fabs(b) * (float4)(2.0f);
}
