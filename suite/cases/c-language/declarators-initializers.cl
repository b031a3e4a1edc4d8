// Valid code: declarators and initialisers of every shape (const, volatile and restrict pointers,
// arrays of pointers, pointers to arrays, designated and compound-literal initialisers, NULL),
// half and double under their extensions (each guarded by its macro), _Pragma, #line and vector
// built-ins.
//@ rules: AS-INIT-CROSS AS-NESTED-POINTEE AS-CONSTANT-INIT-REQUIRED AS-STRUCT-FIELD AS-SPELLING-ALIAS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: op=array-copy
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#define KERNEL __kernel
#define GLOBAL __global
#define LOCAL __local
#define STRINGIFY(x) #x
#define PRAGMA(x) _Pragma(#x)
#line 100
#if __LINE__ < 100
#error "line"
#endif
#if defined(cl_khr_fp64)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double acc_t;
#else
typedef float acc_t;
#endif

struct flags { uint a; uint b; int c; };
struct vec3s { float x, y, z; };
typedef struct { __global float *ptrs[2]; __local int *lp; } table_t;

float sum_arr(__global float a[16], __local float b[], const __constant float *restrict c);
GLOBAL float *at(GLOBAL float *base, int i) { return base + i; }
__constant float *pick_table(int which, __constant float *t1, __constant float *t2) { return which ? t1 : t2; }
struct vec3s make(float v) { struct vec3s r = {v, v, v}; return r; }
float sum_arr(__global float a[16], __local float b[], const __constant float *restrict c)
{
    return a[0] + b[0] + c[0];
}

__constant float tab1[4] = {1, 2, 3, 4};
__constant float tab2[4] = {[0] = 5, [3] = 8};
__constant struct vec3s origin = {.x = 0.0f, .y = 1.0f};

KERNEL __kernel_exec(64, float4) void edge(GLOBAL float *a, GLOBAL float *b, LOCAL float *l, __global half *h, int flag)
{
    struct flags fl = {1, 2, 3};
    fl.b = 7;
    __global float *const cp = a;
    volatile __global float *vp = b;
    __global float *__restrict rp = b;
    __global float *ptrs[2] = {a, b};
    __global float *__private *pp = &ptrs[0];
    __local float tile[4][16];
    __local float (*row)[16] = tile;
    __global int *nul = 0;
    __global int *nul2 = NULL;
    __global int *choose = flag ? (__global int *)a : nul;
    if (nul == 0 || choose != NULL || !nul2) flag++;
    table_t t;
    t.ptrs[0] = a;
    t.lp = (__local int *)l;
    char s[] = "abc";
    int arr2[] = {1, 2, 3};
    float4 v = {1.0f, 2.0f, 3.0f, 4.0f};
    int2 sw; sw.s01 = (int2)(1, 2).s10;
    uchar16 u16 = (uchar16)(0); u16.sA = u16.sF;
    int n = vec_step(float4) + vec_step(v);
    uint4 mask = (uint4)(3, 2, 1, 0);
    float4 sh = shuffle(v, mask);
    float8 sh2 = shuffle2(v, v, (uint8)(0, 1, 2, 3, 4, 5, 6, 7));
    uchar4 sat = convert_uchar4_sat_rte(v);
#ifdef cl_khr_fp16
    half hv = vload_half(0, (__global const half *)h) > 0.0f ? (half)1.0f : (half)0.0f;
#else
    // Without cl_khr_fp16, half may only be the pointee of a pointer (OpenCL C 1.2 §6.1.1.1).
    float hv = vload_half(0, (__global const half *)h) > 0.0f ? 1.0f : 0.0f;
#endif
    acc_t acc = (acc_t)sizeof(__global float *) + (acc_t)arr2[1];
    struct vec3s m = make(2.0f);
    struct vec3s cl = (struct vec3s){1.0f, 2.0f, 3.0f};
    __global float *ap = &*at(a, 1) - 1 + 1;
    __constant float *tp = pick_table(flag, tab1, tab2);
    PRAGMA(unroll)
    for (int i = 0; i < 4; ++i) (*row)[i] = tp[i];
    for (;;) break;
    *pp[0] += *cp + *vp + *rp + (float)s[1] + sh.x + sh2.s7 + (float)sat.y + (float)hv + (float)acc + m.x + cl.z + origin.y + (float)fl.c + (float)n + (float)sizeof(STRINGIFY(a));
    a[get_global_id(0)] = sum_arr(a, l, tab1) + (float)*t.lp + (ap ? 1.0f : 0.0f) + (float)__LINE__;
}
