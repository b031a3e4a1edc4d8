// Latency by pointer chasing: one work-item follows `next` for `steps` loads; each load's
// address is the previous load's value, so no two loads overlap. The host times `steps` and
// `2 * steps` and divides the difference, which removes launch and set-up costs. OpenCL C 1.2.

kernel void chase_global(global const uint *next, global uint *out, uint steps) {
    uint p = 0;
    for (uint s = 0; s < steps; s++) p = next[p];
    out[0] = p;
}

kernel void chase_constant(constant uint *next, global uint *out, uint steps) {
    uint p = 0;
    for (uint s = 0; s < steps; s++) p = next[p];
    out[0] = p;
}

// The work-group copies the chain into local memory; work-item 0 then follows it.
kernel void chase_local(global const uint *next, global uint *out, uint steps, uint n,
                        local uint *buf) {
    for (uint j = get_local_id(0); j < n; j += get_local_size(0)) buf[j] = next[j];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0) {
        uint p = 0;
        for (uint s = 0; s < steps; s++) p = buf[p];
        out[0] = p;
    }
}
