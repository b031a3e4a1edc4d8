// Real-world style: work-efficient (Blelloch) exclusive prefix sum over one block in __local
// memory, with bank-conflict padding and a block-sums output for the next pass.
//@ rules: AS-LOCAL-ARG-SIZE AS-LOCAL-SCOPE AS-KERNEL-ARG-PTR-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

#define NUM_BANKS 16
#define LOG_NUM_BANKS 4
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)

__kernel void scan_block(__global uint *output, __global const uint *input,
                         __global uint *block_sums, __local uint *temp, const uint n)
{
    const uint thid = get_local_id(0);
    const uint block = get_group_id(0);
    const uint base = block * n;
    uint offset = 1;

    uint ai = thid;
    uint bi = thid + (n / 2);
    uint bankOffsetA = CONFLICT_FREE_OFFSET(ai);
    uint bankOffsetB = CONFLICT_FREE_OFFSET(bi);
    temp[ai + bankOffsetA] = input[base + ai];
    temp[bi + bankOffsetB] = input[base + bi];

    for (uint d = n >> 1; d > 0; d >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (thid < d) {
            uint a = offset * (2 * thid + 1) - 1;
            uint b = offset * (2 * thid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a);
            b += CONFLICT_FREE_OFFSET(b);
            temp[b] += temp[a];
        }
        offset *= 2;
    }

    if (thid == 0) {
        uint last = n - 1 + CONFLICT_FREE_OFFSET(n - 1);
        block_sums[block] = temp[last];
        temp[last] = 0;
    }

    for (uint d = 1; d < n; d *= 2) {
        offset >>= 1;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (thid < d) {
            uint a = offset * (2 * thid + 1) - 1;
            uint b = offset * (2 * thid + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a);
            b += CONFLICT_FREE_OFFSET(b);
            uint t = temp[a];
            temp[a] = temp[b];
            temp[b] += t;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    output[base + ai] = temp[ai + bankOffsetA];
    output[base + bi] = temp[bi + bankOffsetB];
}

__kernel void add_block_sums(__global uint *data, __global const uint *sums, const uint n)
{
    const uint block = get_group_id(0);
    data[block * n + get_local_id(0)] += sums[block];
}
