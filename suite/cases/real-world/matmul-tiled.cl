// Real-world style: tiled matrix multiply C = A * B staging TS x TS tiles of A and B in
// __local memory, with the tile size overridable at build time.
//@ rules: AS-LOCAL-SCOPE AS-KERNEL-ARG-PTR-SPACE AS-SPELLING-ALIAS AS-LOCAL-INIT
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

#ifndef TS
#define TS 16
#endif

__kernel __attribute__((reqd_work_group_size(TS, TS, 1)))
void matmul_tiled(const int M, const int N, const int K,
                  const __global float *A, const __global float *B, __global float *C)
{
    const int row = get_local_id(0);
    const int col = get_local_id(1);
    const int globalRow = TS * get_group_id(0) + row;
    const int globalCol = TS * get_group_id(1) + col;

    __local float Asub[TS][TS];
    __local float Bsub[TS][TS];

    float acc = 0.0f;
    const int numTiles = (K + TS - 1) / TS;
    for (int t = 0; t < numTiles; t++) {
        const int tiledRow = TS * t + row;
        const int tiledCol = TS * t + col;
        Asub[col][row] = (tiledCol < K && globalRow < M) ? A[tiledCol * M + globalRow] : 0.0f;
        Bsub[col][row] = (tiledRow < K && globalCol < N) ? B[globalCol * K + tiledRow] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        #pragma unroll
        for (int k = 0; k < TS; k++)
            acc += Asub[k][row] * Bsub[col][k];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (globalRow < M && globalCol < N)
        C[globalCol * M + globalRow] = acc;
}
