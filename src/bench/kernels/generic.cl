// Generic against named address spaces. OpenCL C 2.0, or 3.0 with
// __opencl_c_generic_address_space: the host skips this program, saying why, elsewhere.
//
// The generic kernels pick their pointer at run time (`sel` is always 1, but the compiler cannot
// know it), so address-space inference cannot turn the generic pointer back into a named one:
// what is timed is a real generic access. Each generic kernel does exactly the work of the named
// kernel beside it, and sums the same values.

#define TILE4 256u

kernel void g_read_named(global const uint4 *in, global uint *out, uint n, uint sel) {
    uint g = get_global_size(0);
    uint4 acc = 0;
    for (uint i = get_global_id(0); i < n; i += g) acc += in[i];
    out[get_global_id(0)] = HSUM4(acc);
}

kernel void g_read_generic(global const uint4 *in, global uint *out, uint n, uint sel) {
    local uint4 dummy[1];
    const uint4 *p = sel ? (const uint4 *)in : (const uint4 *)dummy;
    uint g = get_global_size(0);
    uint4 acc = 0;
    for (uint i = get_global_id(0); i < n; i += g) acc += p[i];
    out[get_global_id(0)] = HSUM4(acc);
}

// to_global on every access: the cost of asking which space a generic pointer points to.
kernel void g_read_to_global(global const uint4 *in, global uint *out, uint n, uint sel) {
    local uint4 dummy[1];
    const uint4 *p = sel ? (const uint4 *)in : (const uint4 *)dummy;
    uint g = get_global_size(0);
    uint4 acc = 0;
    for (uint i = get_global_id(0); i < n; i += g) {
        const global uint4 *q = to_global(p + i);
        acc += q ? *q : (uint4)(0);
    }
    out[get_global_id(0)] = HSUM4(acc);
}

#define LOCAL_BODY(PTR)                                                                       \
    float4 a0 = 0, a1 = 0;                                                                    \
    for (uint r = 0; r < reps; r++) {                                                         \
        uint base = (lid + r * 7u) & (TILE4 - 1);                                             \
        PTR t = tile_p + base;                                                                \
        for (uint k = 0; k < TILE4; k += 2) {                                                 \
            a0 += t[k];                                                                       \
            a1 += t[k + 1];                                                                   \
        }                                                                                     \
    }                                                                                         \
    float4 a = a0 + a1;                                                                       \
    out[get_global_id(0)] = (a.x + a.y) + (a.z + a.w);

#define LOCAL_FILL                                                                            \
    local float4 tile[2 * TILE4];                                                             \
    uint lid = get_local_id(0);                                                               \
    for (uint j = lid; j < TILE4; j += get_local_size(0)) {                                   \
        float4 v = in[j];                                                                     \
        tile[j] = v;                                                                          \
        tile[j + TILE4] = v;                                                                  \
    }                                                                                         \
    barrier(CLK_LOCAL_MEM_FENCE);

kernel void g_local_named(global const float4 *in, global float *out, uint reps, uint sel) {
    LOCAL_FILL
    local const float4 *tile_p = tile;
    LOCAL_BODY(local const float4 *)
}

kernel void g_local_generic(global const float4 *in, global float *out, uint reps, uint sel) {
    LOCAL_FILL
    const float4 *tile_p = sel ? (const float4 *)tile : (const float4 *)in;
    LOCAL_BODY(const float4 *)
}

// to_local on every pass: the cast's cost next to the loads it guards.
kernel void g_local_to_local(global const float4 *in, global float *out, uint reps, uint sel) {
    LOCAL_FILL
    const float4 *gp = sel ? (const float4 *)tile : (const float4 *)in;
    float4 a0 = 0, a1 = 0;
    for (uint r = 0; r < reps; r++) {
        uint base = (lid + r * 7u) & (TILE4 - 1);
        local const float4 *t = to_local(gp + base);
        if (t) {
#pragma unroll 16
            for (uint k = 0; k < TILE4; k += 2) {
                a0 += t[k];
                a1 += t[k + 1];
            }
        }
    }
    float4 a = a0 + a1;
    out[get_global_id(0)] = (a.x + a.y) + (a.z + a.w);
}
