// Real-world style: bitonic sort, one global compare-and-swap step per launch plus a local
// merge stage for the short strides, sorting key/value pairs held in a uint2.
//@ rules: AS-LOCAL-ARG-SIZE AS-KERNEL-ARG-PTR-SPACE AS-ARG-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

inline void compare_swap(__local uint2 *a, __local uint2 *b, uint dir)
{
    if ((a->x > b->x) == dir) {
        uint2 t = *a;
        *a = *b;
        *b = t;
    }
}

__kernel void bitonic_step(__global uint2 *data, const uint stage, const uint pass, const uint ascending)
{
    const uint tid = get_global_id(0);
    const uint pair_distance = 1u << (stage - pass);
    const uint block_width = 2u * pair_distance;
    const uint left = (tid % pair_distance) + (tid / pair_distance) * block_width;
    const uint right = left + pair_distance;
    uint2 l = data[left];
    uint2 r = data[right];
    uint same_dir = ((tid / (1u << stage)) % 2u) == 1u ? !ascending : ascending;
    uint greater = l.x > r.x;
    data[left] = (greater == same_dir) ? r : l;
    data[right] = (greater == same_dir) ? l : r;
}

__kernel void bitonic_local(__global uint2 *data, __local uint2 *tile, const uint dir)
{
    const uint lid = get_local_id(0);
    const uint wg = get_local_size(0);
    const uint base = get_group_id(0) * wg * 2;
    tile[lid] = data[base + lid];
    tile[lid + wg] = data[base + lid + wg];
    for (uint size = 2; size <= 2 * wg; size <<= 1) {
        uint d = dir ^ ((lid & (size / 2)) != 0);
        for (uint stride = size / 2; stride > 0; stride >>= 1) {
            barrier(CLK_LOCAL_MEM_FENCE);
            uint pos = 2 * lid - (lid & (stride - 1));
            compare_swap(&tile[pos], &tile[pos + stride], d);
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    data[base + lid] = tile[lid];
    data[base + lid + wg] = tile[lid + wg];
}
