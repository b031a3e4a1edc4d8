// Local memory bandwidth, and async_work_group_copy against a hand-written copy. OpenCL C 1.2.
//
// A work-group loads one tile from global memory, stores it twice in a row in local memory (so
// `tile[base + k]` for k < TILE never wraps and compiles to base + constant offsets), then every
// work-item sums the whole tile `reps` times from its own starting point `lid * stride`. With
// stride 1 the work-items of one load touch consecutive words (no bank conflict); with a stride
// equal to the number of banks they all hit one bank. Each pass sums the whole tile, so the
// result is reps * (sum of the tile) for every work-item, whatever the stride.

#define TILE4 256u  // float4s in a tile: 4 KiB
#define TILE1 1024u // floats in a tile: 4 KiB

kernel void local_v4(global const float4 *in, global float *out, uint reps, uint stride) {
    local float4 tile[2 * TILE4];
    uint lid = get_local_id(0);
    uint ls = get_local_size(0);
    for (uint j = lid; j < TILE4; j += ls) {
        float4 v = in[j];
        tile[j] = v;
        tile[j + TILE4] = v;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    float4 a0 = 0, a1 = 0;
    for (uint r = 0; r < reps; r++) {
        uint base = (lid * stride + r * 7u) & (TILE4 - 1);
        local const float4 *t = tile + base;
#pragma unroll 16
        for (uint k = 0; k < TILE4; k += 2) {
            a0 += t[k];
            a1 += t[k + 1];
        }
    }
    float4 a = a0 + a1;
    out[get_global_id(0)] = (a.x + a.y) + (a.z + a.w);
}

kernel void local_v1(global const float *in, global float *out, uint reps, uint stride) {
    local float tile[2 * TILE1];
    uint lid = get_local_id(0);
    uint ls = get_local_size(0);
    for (uint j = lid; j < TILE1; j += ls) {
        float v = in[j];
        tile[j] = v;
        tile[j + TILE1] = v;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    float a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    for (uint r = 0; r < reps; r++) {
        uint base = (lid * stride + r * 7u) & (TILE1 - 1);
        local const float *t = tile + base;
#pragma unroll 16
        for (uint k = 0; k < TILE1; k += 4) {
            a0 += t[k];
            a1 += t[k + 1];
            a2 += t[k + 2];
            a3 += t[k + 3];
        }
    }
    out[get_global_id(0)] = (a0 + a1) + (a2 + a3);
}

// Global to local: the buffer is split into tiles of `tile_n` uint4s (4 per work-item); each
// work-group copies its tiles into local memory and every work-item sums its share from there.
kernel void to_local_async(global const uint4 *in, global uint *out, uint ntiles,
                           local uint4 *tile) {
    uint lid = get_local_id(0);
    uint ls = get_local_size(0);
    uint tile_n = ls * 4u;
    uint4 acc = 0;
    for (uint t = get_group_id(0); t < ntiles; t += get_num_groups(0)) {
        event_t e = async_work_group_copy(tile, in + t * tile_n, tile_n, 0);
        wait_group_events(1, &e);
        for (uint j = lid; j < tile_n; j += ls) acc += tile[j];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = HSUM4(acc);
}

kernel void to_local_loop(global const uint4 *in, global uint *out, uint ntiles,
                          local uint4 *tile) {
    uint lid = get_local_id(0);
    uint ls = get_local_size(0);
    uint tile_n = ls * 4u;
    uint4 acc = 0;
    for (uint t = get_group_id(0); t < ntiles; t += get_num_groups(0)) {
        for (uint j = lid; j < tile_n; j += ls) tile[j] = in[t * tile_n + j];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint j = lid; j < tile_n; j += ls) acc += tile[j];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = HSUM4(acc);
}
