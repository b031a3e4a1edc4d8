// Real-world style: 7-point 3-D heat stencil on a padded grid, with a 2-D __local tile of the
// current plane plus halo and the planes above and below kept in registers.
//@ rules: AS-LOCAL-SCOPE AS-KERNEL-ARG-PTR-SPACE AS-CONSTANT-INIT-REQUIRED
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

#define BX 16
#define BY 16
#define IDX(x, y, z, nx, ny) (((z) * (ny) + (y)) * (nx) + (x))

__constant float coef[2] = {0.4f, 0.1f};

__kernel void stencil7(__global const float *in, __global float *out, const int nx, const int ny, const int nz)
{
    __local float plane[BY + 2][BX + 2];
    const int lx = get_local_id(0) + 1, ly = get_local_id(1) + 1;
    const int x = get_global_id(0) + 1, y = get_global_id(1) + 1;
    float below = in[IDX(x, y, 0, nx, ny)];
    float here = in[IDX(x, y, 1, nx, ny)];
    for (int z = 1; z < nz - 1; ++z) {
        float above = in[IDX(x, y, z + 1, nx, ny)];
        barrier(CLK_LOCAL_MEM_FENCE);
        plane[ly][lx] = here;
        if (lx == 1) plane[ly][0] = in[IDX(x - 1, y, z, nx, ny)];
        if (lx == BX) plane[ly][BX + 1] = in[IDX(x + 1, y, z, nx, ny)];
        if (ly == 1) plane[0][lx] = in[IDX(x, y - 1, z, nx, ny)];
        if (ly == BY) plane[BY + 1][lx] = in[IDX(x, y + 1, z, nx, ny)];
        barrier(CLK_LOCAL_MEM_FENCE);
        float lap = plane[ly][lx - 1] + plane[ly][lx + 1] + plane[ly - 1][lx] + plane[ly + 1][lx] + below + above;
        out[IDX(x, y, z, nx, ny)] = coef[0] * here + coef[1] * lap;
        below = here;
        here = above;
    }
}
