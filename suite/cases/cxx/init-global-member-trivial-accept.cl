// Table row global/static data member, uninitialised: a static data member with no address space (or __global) is a supported, zero-pre-initialised global.
//@ rules: CXX-INIT-GLOBAL-MEMBER-TRIVIAL CXX-INIT-LOCAL-MEMBER-TRIVIAL
//@ profiles: CLC++2021
//@ props: storage=program linkage=external

struct Cache {
    static int hits;
    static __global float4 last;
};

int Cache::hits;
__global float4 Cache::last;

__kernel void look(__global int *out)
{
    if (get_global_id(0) == 0) {
        Cache::hits += 1;
        Cache::last = (float4)(1.0f);
    }
    out[get_global_id(0)] = Cache::hits;
}
