// Near miss: the header's INFINITY and HUGE_VALF are calls of built-ins (`__builtin_inff()`) that
// fold to constants, as do `__builtin_nanf("")`, sizeof, vec_step, alignof, casts of constants
// and vector literals of constants: each initialises a program-scope __global variable.
//@ rules: AS-PROGSCOPE-INIT
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals
//@ props: storage=program

volatile global float inf = INFINITY;
global float huge = HUGE_VALF;
global float quiet_nan = __builtin_nanf("");
global float neg_inf = -__builtin_inff() * 2.0f;
global uint swapped = __builtin_bswap32(0x11223344u) + __builtin_popcount(7u);
global int sizes = sizeof(float4) + vec_step(float4) + __alignof__(int);
global int truncated = (int)2.5f;
global float4 corners = (float4)(1.0f, INFINITY, (float)sizeof(int), 0.0f);
global float ratios[2] = {HUGE_VALF, (float)(1 << 3)};

kernel void read_all(global float *out)
{
    size_t i = get_global_id(0);
    static float lowest = -INFINITY;
    out[i] = inf + huge + quiet_nan + neg_inf + (float)(swapped + sizes + truncated) + corners.y
        + ratios[i % 2] + lowest;
}
