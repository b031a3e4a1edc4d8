// Valid code: object-like, function-like, variadic and token-pasting macros that spell address
// spaces, types and whole declarations, plus conditional compilation on predefined macros.
//@ rules: AS-SPELLING-ALIAS AS-KERNEL-ARG-PTR-SPACE
//@ profiles: CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: uses=variadic-macro

#define TILE 16
#define GLOBAL_PTR(T) __global T *
#define LOCAL_BUF(T, name, n) __local T name[n]
#define CAT(a, b) a##b
#define VEC(T, n) CAT(T, n)
#define STR(x) #x
#define XSTR(x) STR(x)
#define SQUARE(x) ((x) * (x))
#define MAX3(a, b, c) max(max((a), (b)), (c))
#define FIRST(x, ...) (x)
#define IDX2(row, col, width) ((row) * (width) + (col))
#define KERNEL_NAME(suffix) CAT(scale_, suffix)
#define SPACE global
#define CONST_SPACE __constant

#if defined(__OPENCL_VERSION__) && __OPENCL_VERSION__ >= 120
#define HAS_CL12 1
#else
#define HAS_CL12 0
#endif

#ifndef WIDTH
#define WIDTH 64
#endif

#undef SQUARE
#define SQUARE(x) ((x) * (x))

CONST_SPACE float weights[4] = {0.1f, 0.2f, 0.3f, 0.4f};

VEC(float, 4) CAT(load, _quad)(const GLOBAL_PTR(float) p, int i)
{
    return (VEC(float, 4))(p[i], p[i + 1], p[i + 2], p[i + 3]);
}

kernel void KERNEL_NAME(f32)(GLOBAL_PTR(float) out, const SPACE float *in, int n)
{
    LOCAL_BUF(float, tile, TILE);
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    tile[lid % TILE] = in[gid] * weights[gid & 3];
    barrier(CLK_LOCAL_MEM_FENCE);
    float s = SQUARE(tile[(lid + 1) % TILE]) + FIRST(1.0f, 2.0f, 3.0f);
    VEC(float, 4) q = CAT(load, _quad)(in, 0);
    out[IDX2(gid, 0, 1)] = s + q.x + MAX3(q.y, q.z, q.w) + (float)HAS_CL12 + (float)WIDTH;
    if (n < 0) {
        out[0] = (float)sizeof(XSTR(TILE));
    }
}
