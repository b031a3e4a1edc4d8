// Valid code: kernel attributes (reqd_work_group_size, work_group_size_hint, vec_type_hint),
// aligned and packed records, inline helpers, and attributes on variables and parameters.
//@ rules: AS-KERNEL-ARG-PTR-SPACE AS-LOCAL-SCOPE AS-STRUCT-FIELD
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct __attribute__((packed)) {
    uchar tag;
    int value;
} packed_t;

struct __attribute__((aligned(16))) aligned_pair {
    float a;
    float b;
};

inline float twice(float x) { return 2.0f * x; }

__attribute__((always_inline)) float thrice(float x) { return 3.0f * x; }

__attribute__((overloadable)) float scale(float x) { return x * 0.5f; }
__attribute__((overloadable)) float4 scale(float4 x) { return x * 0.5f; }

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void fixed_size(__global float *restrict out, __global const float *restrict in)
{
    __local float tile[64] __attribute__((aligned(16)));
    tile[get_local_id(0)] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = twice(tile[63 - get_local_id(0)]);
}

__kernel __attribute__((work_group_size_hint(16, 16, 1))) __attribute__((vec_type_hint(float4)))
void hinted(__global float4 *out, __global const packed_t *in, __global struct aligned_pair *pairs)
{
    size_t i = get_global_id(0);
    out[i] = scale((float4)(thrice((float)in[i].value), pairs[i].a, pairs[i].b, scale(1.0f)));
}

kernel void __attribute__((reqd_work_group_size(8, 8, 1))) also_fixed(__global int *out)
{
    out[get_global_id(1) * get_global_size(0) + get_global_id(0)] = (int)get_local_id(0);
}
