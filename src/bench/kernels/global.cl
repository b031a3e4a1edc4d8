// Global memory: read, write and copy bandwidth. OpenCL C 1.2.
//
// Every kernel walks its buffer with a grid-stride loop (work-item i touches i, i + G, i + 2G,
// ... for G work-items), so consecutive work-items touch consecutive elements (coalesced) and
// any number of work-items covers any size. `_u<U>` variants issue U independent loads before
// using any of them, to keep more bytes in flight per work-item.

#define READ(W, T, U)                                                                         \
    kernel void read_v##W##_u##U(global const T *in, global uint *out, uint n) {              \
        uint g = get_global_size(0);                                                          \
        uint i = get_global_id(0);                                                            \
        T acc = 0;                                                                            \
        for (; i + (U - 1) * g < n; i += U * g) {                                             \
            T a[U];                                                                           \
            for (uint u = 0; u < U; u++) a[u] = in[i + u * g];                                \
            for (uint u = 0; u < U; u++) acc += a[u];                                         \
        }                                                                                     \
        for (; i < n; i += g) acc += in[i];                                                   \
        out[get_global_id(0)] = HSUM##W(acc);                                                 \
    }

READ(1, uint, 1)
READ(2, uint2, 1)
READ(4, uint4, 1)
READ(4, uint4, 2)
READ(4, uint4, 4)
READ(8, uint8, 1)
READ(8, uint8, 2)
READ(16, uint16, 1)

// Strided: element (i * 33) mod n for n a power of two, a permutation, so every element is still
// read once, but neighbouring work-items are 132 bytes apart: no two share a 128-byte line.
kernel void read_strided_v1(global const uint *in, global uint *out, uint n) {
    uint g = get_global_size(0);
    uint acc = 0;
    for (uint i = get_global_id(0); i < n; i += g) acc += in[(i * 33u) & (n - 1)];
    out[get_global_id(0)] = acc;
}

// Blocked: each work-item reads its own contiguous chunk (the CPU-friendly layout; on a GPU the
// work-items of one load instruction are a whole chunk apart).
kernel void read_blocked_v4(global const uint4 *in, global uint *out, uint n) {
    uint g = get_global_size(0);
    uint chunk = (n + g - 1) / g;
    uint start = get_global_id(0) * chunk;
    uint end = min(start + chunk, n);
    uint4 acc = 0;
    for (uint i = start; i < end; i++) acc += in[i];
    out[get_global_id(0)] = HSUM4(acc);
}

// Test-only: drops element 5 of every 1024. The host must report it as wrong, never time it.
kernel void read_broken_v4(global const uint4 *in, global uint *out, uint n) {
    uint g = get_global_size(0);
    uint4 acc = 0;
    for (uint i = get_global_id(0); i < n; i += g)
        if ((i & 1023u) != 5u) acc += in[i];
    out[get_global_id(0)] = HSUM4(acc);
}

#define WRITE(W, T)                                                                           \
    kernel void write_v##W(global T *out, uint n, uint seed) {                                \
        uint g = get_global_size(0);                                                          \
        for (uint i = get_global_id(0); i < n; i += g)                                        \
            out[i] = ((T)(i * W) + IOTA##W) * WRITE_MUL + seed;                               \
    }

WRITE(1, uint)
WRITE(4, uint4)
WRITE(16, uint16)

#define COPY(W, T)                                                                            \
    kernel void copy_v##W(global const T *src, global T *dst, uint n) {                       \
        uint g = get_global_size(0);                                                          \
        for (uint i = get_global_id(0); i < n; i += g) dst[i] = src[i];                       \
    }

COPY(1, uint)
COPY(4, uint4)
COPY(16, uint16)

kernel void copy_strided_v1(global const uint *src, global uint *dst, uint n) {
    uint g = get_global_size(0);
    for (uint i = get_global_id(0); i < n; i += g) {
        uint j = (i * 33u) & (n - 1);
        dst[j] = src[j];
    }
}
