// Real-world style: one N-body integration step with float4 positions (w = mass), tiling the
// bodies through __local memory and softening the interaction.
//@ rules: AS-LOCAL-ARG-SIZE AS-KERNEL-ARG-PTR-SPACE AS-ARG-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

float4 body_interaction(float4 bi, float4 bj, float4 ai, float softening)
{
    float4 r = bj - bi;
    r.w = 0.0f;
    float distSqr = dot(r, r) + softening;
    float invDist = native_rsqrt(distSqr);
    float s = bj.w * invDist * invDist * invDist;
    return ai + r * s;
}

__kernel void nbody_step(__global const float4 *pos_old, __global float4 *pos_new,
                         __global float4 *vel, __local float4 *pblock,
                         const int nbody, const float dt, const float softening)
{
    const int gid = get_global_id(0);
    const int tid = get_local_id(0);
    const int nt = get_local_size(0);
    const int nb = nbody / nt;
    float4 p = pos_old[gid];
    float4 v = vel[gid];
    float4 a = (float4)(0.0f, 0.0f, 0.0f, 0.0f);
    for (int jb = 0; jb < nb; jb++) {
        pblock[tid] = pos_old[jb * nt + tid];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int j = 0; j < nt; j++)
            a = body_interaction(p, pblock[j], a, softening);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    p.xyz += dt * v.xyz + 0.5f * dt * dt * a.xyz;
    v.xyz += dt * a.xyz;
    pos_new[gid] = p;
    vel[gid] = v;
}
