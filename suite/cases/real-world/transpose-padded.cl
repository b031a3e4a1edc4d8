// Real-world style: matrix transpose through a padded __local tile to avoid bank conflicts,
// with the tile dimension a macro and the element type a typedef.
//@ rules: AS-LOCAL-SCOPE AS-SPELLING-ALIAS AS-KERNEL-ARG-PTR-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

#define TILE_DIM 32
#define BLOCK_ROWS 8
typedef float elem_t;

__kernel void transpose(__global elem_t *odata, __global const elem_t *idata, const int width, const int height)
{
    __local elem_t tile[TILE_DIM][TILE_DIM + 1];
    int x = get_group_id(0) * TILE_DIM + get_local_id(0);
    int y = get_group_id(1) * TILE_DIM + get_local_id(1);
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < width && y + j < height)
            tile[get_local_id(1) + j][get_local_id(0)] = idata[(y + j) * width + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    x = get_group_id(1) * TILE_DIM + get_local_id(0);
    y = get_group_id(0) * TILE_DIM + get_local_id(1);
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < height && y + j < width)
            odata[(y + j) * height + x] = tile[get_local_id(0)][get_local_id(1) + j];
}
