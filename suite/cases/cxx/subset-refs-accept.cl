// Typical C++ for OpenCL references and small C++ expressions: generic and address-space-qualified references, reference returns, auto, bool, nullptr and the named casts.
//@ rules: CXX-GENERIC-POINTERS CXX-LOCAL-EXPLICIT CXX-IMPLICIT-PRIVATE
//@ profiles: CLC++2021

struct Stats {
    int hits;
    float total;
};

void record(Stats &s, const float &v)
{
    s.hits += 1;
    s.total += v;
}

int &pick(int &a, int &b, bool first)
{
    return first ? a : b;
}

void store(__global float &dst, __local const float &src)
{
    dst = src;
}

__kernel void gather(__global const float *in, __global float *out, __local float *tile)
{
    size_t i = get_global_id(0);
    tile[get_local_id(0)] = in[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    Stats stats = {0, 0.0f};
    record(stats, in[i]);
    record(stats, tile[0]);
    int a = 1, b = 2;
    pick(a, b, true) = 3;
    auto *p = &out[i];
    auto q = static_cast<__global float *>(p);
    __generic float *g = q;
    __global float *back = addrspace_cast<__global float *>(g);
    const float *none = nullptr;
    bool seen = none == nullptr;
    store(*back, tile[0]);
    out[i] += stats.total + (float)(a + stats.hits) + (seen ? 1.0f : 0.0f);
}
