// In a 2-D launch each 4x4 group sums its own __local tile: groups never see each other's values.
//@ rules: AS-LOCAL-PER-GROUP
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ kind: run
//@ launch: tile_sum 8x8/4x4
//@ arg: buffer int[64] out
//@ expect: out[i] == 16 * (1 + (i % 8) / 4 + 2 * ((i / 8) / 4))

kernel void tile_sum(global int *out)
{
    local int tile[4][4];
    size_t lx = get_local_id(0), ly = get_local_id(1);
    int group = (int)(get_group_id(1) * get_num_groups(0) + get_group_id(0));
    tile[ly][lx] = group + 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    int sum = 0;
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++)
            sum += tile[y][x];
    out[get_global_id(1) * get_global_size(0) + get_global_id(0)] = sum;
}
