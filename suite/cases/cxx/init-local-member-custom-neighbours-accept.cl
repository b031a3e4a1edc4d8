// Near-misses of the local/static-member/custom cell: a non-static member built by a user constructor inside a private object, and a static member that only points to __local memory.
//@ rules: CXX-INIT-LOCAL-MEMBER-CUSTOM CXX-INIT-PRIVATE-CUSTOM
//@ profiles: CLC++2021
//@ props: storage=program linkage=external

struct Counter {
    int value;
    Counter(int start) : value(start) {}
};

struct Registry {
    Counter counter;
    static constexpr int start = 3;
    static __local int *__global scratch;
    Registry() : counter(start) {}
};

__local int *__global Registry::scratch;

__kernel void look(__global int *out)
{
    __local int tile[16];
    Registry r;
    size_t lid = get_local_id(0);
    tile[lid] = r.counter.value;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_global_id(0) == 0)
        Registry::scratch = tile;
    out[get_global_id(0)] = tile[15 - lid];
}
