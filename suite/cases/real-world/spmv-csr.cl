// Real-world style: sparse matrix-vector product y = A x in CSR format, scalar (one row per
// work-item) and vector (one row per work-group, reduced in __local memory) variants.
//@ rules: AS-KERNEL-ARG-PTR-SPACE AS-LOCAL-ARG-SIZE AS-CONST-GLOBAL
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

__kernel void spmv_csr_scalar(const int num_rows, __global const int *row_ptr,
                              __global const int *col_idx, __global const float *values,
                              __global const float *x, __global float *y)
{
    int row = get_global_id(0);
    if (row < num_rows) {
        float dot = 0.0f;
        int start = row_ptr[row], end = row_ptr[row + 1];
        for (int jj = start; jj < end; jj++)
            dot += values[jj] * x[col_idx[jj]];
        y[row] = dot;
    }
}

__kernel void spmv_csr_vector(const int num_rows, __global const int *restrict row_ptr,
                              __global const int *restrict col_idx, __global const float *restrict values,
                              __global const float *restrict x, __global float *restrict y,
                              __local float *partial)
{
    const int row = get_group_id(0);
    const int lid = get_local_id(0);
    const int lsize = get_local_size(0);
    float sum = 0.0f;
    if (row < num_rows) {
        for (int jj = row_ptr[row] + lid; jj < row_ptr[row + 1]; jj += lsize)
            sum += values[jj] * x[col_idx[jj]];
    }
    partial[lid] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = lsize / 2; s > 0; s >>= 1) {
        if (lid < s)
            partial[lid] += partial[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0 && row < num_rows)
        y[row] = partial[0];
}
