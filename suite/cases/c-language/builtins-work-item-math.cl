// Valid code: work-item functions in every dimension and the common, math, integer, geometric
// and relational built-ins, with results stored through global pointers.
//@ rules: AS-KERNEL-ARG-PTR-SPACE AS-AUTO-PRIVATE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void builtins(__global float *out, __global int *iout, __global const float *in)
{
    size_t gx = get_global_id(0), gy = get_global_id(1), gz = get_global_id(2);
    size_t lx = get_local_id(0), ls = get_local_size(0), gs = get_global_size(0);
    size_t grp = get_group_id(0), ng = get_num_groups(0), off = get_global_offset(0);
    uint dims = get_work_dim();
    size_t i = gx + gy * gs + gz * gs * get_global_size(1);
    float x = in[i];
    float r = mad(x, 2.0f, 1.0f) + fma(x, x, 0.5f) + clamp(x, 0.0f, 1.0f);
    r += native_sin(x) + native_cos(x) + half_exp(x) + exp(x) + log(fabs(x) + 1.0f);
    r += sqrt(fabs(x)) + rsqrt(x * x + 1.0f) + pow(fabs(x), 1.5f) + hypot(x, 1.0f);
    r += fmin(x, 0.0f) + fmax(x, 1.0f) + floor(x) + ceil(x) + round(x) + trunc(x);
    r += mix(0.0f, 1.0f, 0.25f) + step(0.5f, x) + smoothstep(0.0f, 1.0f, x) + sign(x);
    float ip;
    r += fract(x, &ip) + ip;
    r += atan2(x, 1.0f) + tanh(x) + copysign(1.0f, x) + degrees(radians(x));
    int k = (int)i;
    int s = abs(k) + min(k, 4) + max(k, 2) + clamp(k, 0, 8) + mul24(k, 3) + mad24(k, 2, 1);
    uint u = (uint)k;
    s += (int)(rotate(u, 3u) ^ clz(u) ^ mad_sat(u, u, 1u) ^ add_sat(u, 7u) ^ hadd(u, 5u));
    s += isnan(x) + isinf(r) + signbit(x) + (int)any((int4)(k)) + (int)all((int4)(1));
    out[i] = r + (float)(lx + ls + grp + ng + off + dims);
    iout[i] = s + (int)upsample((short)1, (ushort)2);
}
