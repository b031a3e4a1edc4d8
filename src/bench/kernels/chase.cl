// Latency by pointer chasing: one work-item follows `next` for `16 * outer` loads from slot
// `start`; each load's address is the previous load's value, so no two loads overlap. The host
// times S and 2S loads and divides the difference, which removes launch and set-up costs.
//
// Each launch goes on from where the previous one stopped, so successive launches walk the
// whole cycle instead of the same prefix of it (a prefix would stay in a cache that the working
// set overflows). The result is the final slot and the wrapping sum of every slot visited: the
// host replays the walk and compares both, so a kernel that skipped loads cannot pass even when
// the cycle's length divides the step count. Sixteen loads per iteration because llvmpipe
// silently stops a loop after 65535 iterations in all (gallivm's LP_MAX_TGSI_LOOP_ITERATIONS,
// counted across the runs of an inner loop too). OpenCL C 1.2.

#define STEP(src) p = src[p]; sum += p;
#define STEP4(src) STEP(src) STEP(src) STEP(src) STEP(src)
#define STEP16(src) STEP4(src) STEP4(src) STEP4(src) STEP4(src)

kernel void chase_global(global const uint *next, global uint *out, uint start, uint outer) {
    uint p = start, sum = 0;
    for (uint o = 0; o < outer; o++) {
        STEP16(next)
    }
    out[0] = p;
    out[1] = sum;
}

kernel void chase_constant(constant uint *next, global uint *out, uint start, uint outer) {
    uint p = start, sum = 0;
    for (uint o = 0; o < outer; o++) {
        STEP16(next)
    }
    out[0] = p;
    out[1] = sum;
}

// The work-group copies the chain into local memory; work-item 0 then follows it. The copy
// costs the same for S and 2S loads, so it cancels out of the difference.
kernel void chase_local(global const uint *next, global uint *out, uint start, uint outer,
                        uint n, local uint *buf) {
    for (uint j = get_local_id(0); j < n; j += get_local_size(0)) buf[j] = next[j];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0) {
        uint p = start, sum = 0;
        for (uint o = 0; o < outer; o++) {
            STEP16(buf)
        }
        out[0] = p;
        out[1] = sum;
    }
}
