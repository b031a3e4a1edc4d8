// Private memory: an array the compiler can keep in registers (every index a constant after
// unrolling) against the same array indexed with a run-time value, which forces it into
// addressable memory (the stack on a CPU, "local memory" that spills through L1 on NVIDIA).
// OpenCL C 1.2. Each pass sums the whole array, so both give reps * (sum of the array).

#define NP 16u

kernel void private_regs(global const float *in, global float *out, uint reps) {
    uint gid = get_global_id(0);
    float p[NP];
    for (uint k = 0; k < NP; k++) p[k] = in[(gid + k) & 4095u];
    float a0 = 0, a1 = 0;
    for (uint r = 0; r < reps; r++) {
#pragma unroll
        for (uint k = 0; k < NP; k += 2) {
            a0 += p[k];
            a1 += p[k + 1];
        }
    }
    out[gid] = a0 + a1;
}

kernel void private_dynamic(global const float *in, global float *out, uint reps) {
    uint gid = get_global_id(0);
    float p[NP];
    for (uint k = 0; k < NP; k++) p[k] = in[(gid + k) & 4095u];
    float a0 = 0, a1 = 0;
    for (uint r = 0; r < reps; r++) {
        uint s = r + gid;
#pragma unroll
        for (uint k = 0; k < NP; k += 2) {
            a0 += p[(s + k) & (NP - 1)];
            a1 += p[(s + k + 1) & (NP - 1)];
        }
    }
    out[gid] = a0 + a1;
}
