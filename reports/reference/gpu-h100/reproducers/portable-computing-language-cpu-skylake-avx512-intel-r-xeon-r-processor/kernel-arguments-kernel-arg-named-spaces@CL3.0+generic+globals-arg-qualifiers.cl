// Pointer arguments to __global, local and __constant, with const, volatile and restrict, are all valid.
//@ rules: AS-KERNEL-ARG-PTR-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct {
    float4 pos;
    float4 vel;
} particle_t;

kernel void step(__global particle_t *restrict ps,
                 global const float4 *restrict forces,
                 __constant float *dt,
                 local float4 *scratch,
                 volatile __global int *counter)
{
    size_t i = get_global_id(0);
    size_t l = get_local_id(0);
    scratch[l] = forces[i] * dt[0];
    barrier(CLK_LOCAL_MEM_FENCE);
    ps[i].vel += scratch[l];
    ps[i].pos += ps[i].vel * dt[0];
    if (i == 0)
        *counter += 1;
}
