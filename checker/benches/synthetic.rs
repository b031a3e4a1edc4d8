//! A deterministic synthetic kernel source of realistic shape, for throughput measurements:
//! macros, typedefs, structs with pointers into every space, many helper functions taking
//! global, local, constant and private pointers, and kernels with local tiles, barriers,
//! vector arithmetic and loops. Valid OpenCL C 2.0 (clang-16 accepts it), so both the checker
//! and clang do their full work on it. Shared by `benches/check.rs` and `examples/vs_clang.rs`.

use std::fmt::Write;

/// The source of a kernel file with `units` groups of about 40 lines each.
pub fn large_kernel(units: usize) -> String {
    let mut s = String::with_capacity(units * 1600);
    s.push_str(
        "// Synthetic kernel for throughput measurements (generated; do not edit).\n\
         #define TILE 16\n\
         #define IDX2(r, c, w) ((r) * (w) + (c))\n\
         #define CLAMP01(x) clamp((x), 0.0f, 1.0f)\n\
         #define GPTR(T) __global T *\n\
         #define CAT(a, b) a##b\n\
         typedef float real;\n\
         typedef __global real *greal_p;\n\
         typedef __local real *lreal_p;\n\
         typedef struct { __global float *data; __local float *scratch; __constant float *coef; int n; } view_t;\n\
         __constant float coeffs[8] = {0.5f, 0.25f, 0.125f, 0.0625f, 0.03125f, 0.015625f, 0.0078125f, 0.00390625f};\n\n",
    );
    for i in 0..units {
        let k = i % 7 + 1;
        let _ = write!(
            s,
            "\
float CAT(weight_, {i})(__constant float *c, int j)
{{
    return c[j & 7] * {k}.0f + (float)j * 0.5f;
}}

void accumulate_{i}(greal_p dst, __global const real *src, lreal_p tile, __private int *count, int n)
{{
    size_t l = get_local_id(0);
    tile[l % TILE] = src[l] * CAT(weight_, {i})(coeffs, (int)l);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int j = 0; j < n && j < TILE; ++j) {{
        dst[IDX2(j, (int)l, n)] += tile[j] * 0.5f;
        *count += 1;
    }}
}}

float sum_view_{i}(view_t v)
{{
    float s = 0.0f;
    for (int j = 0; j < v.n; ++j)
        s += v.data[j] * v.coef[j & 7] + v.scratch[j % TILE];
    return s;
}}

__kernel __attribute__((reqd_work_group_size(TILE, 1, 1)))
void kernel_{i}(GPTR(float) out, __global const float *in, __global float4 *vec, __local float *scratch, const int n)
{{
    __local float tile[TILE];
    int count = 0;
    size_t gid = get_global_id(0);
    float4 v = vec[gid] * (float4)({k}.0f, 1.0f, 0.5f, 0.25f);
    v.xy += v.zw;
    accumulate_{i}(out, in, tile, &count, n);
    view_t view = {{out, scratch, coeffs, n}};
    float r = sum_view_{i}(view) + dot(v, v) + CLAMP01(in[gid]);
    __global float *p = out + gid;
    *p = r + (float)count + (gid > {k} ? tile[gid % TILE] : scratch[0]);
    vstore4(v, gid, (__global float *)vec);
}}

"
        );
    }
    s
}
