// A typedef that hides a pointer to global float4 is a valid kernel argument type.
//@ rules: AS-KERNEL-ARG-PTR-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef global float4 *vec_buf_t;
typedef constant int *index_buf_t;

kernel void permute(vec_buf_t out, vec_buf_t in, index_buf_t perm)
{
    size_t i = get_global_id(0);
    out[i] = in[perm[i]];
}
