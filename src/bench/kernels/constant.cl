// Constant memory: uniform broadcast (every work-item of the launch reads the same address at
// the same time) against divergent reads (each work-item its own address). OpenCL C 1.2.
// The buffer holds the table twice in a row, as the local tile does (see local.cl).

#define CT4 256u // float4s in the table: 4 KiB (8 KiB with the copy)

kernel void const_broadcast(constant float4 *c, global float *out, uint reps) {
    float4 a0 = 0, a1 = 0;
    for (uint r = 0; r < reps; r++) {
        constant float4 *t = c + ((r * 7u) & (CT4 - 1));
#pragma unroll 16
        for (uint k = 0; k < CT4; k += 2) {
            a0 += t[k];
            a1 += t[k + 1];
        }
    }
    float4 a = a0 + a1;
    out[get_global_id(0)] = (a.x + a.y) + (a.z + a.w);
}

kernel void const_divergent(constant float4 *c, global float *out, uint reps, uint stride) {
    uint lid = get_local_id(0);
    float4 a0 = 0, a1 = 0;
    for (uint r = 0; r < reps; r++) {
        constant float4 *t = c + ((lid * stride + r * 7u) & (CT4 - 1));
#pragma unroll 16
        for (uint k = 0; k < CT4; k += 2) {
            a0 += t[k];
            a1 += t[k + 1];
        }
    }
    float4 a = a0 + a1;
    out[get_global_id(0)] = (a.x + a.y) + (a.z + a.w);
}
