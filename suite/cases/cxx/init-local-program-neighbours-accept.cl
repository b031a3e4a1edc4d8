// Near-misses of the local/program row: the same declarations in __global at program scope, and the __local tile moved into the kernel, all compile.
//@ rules: CXX-INIT-LOCAL-PROGRAM-TRIVIAL CXX-INIT-LOCAL-PROGRAM-CONSTEXPR CXX-INIT-LOCAL-PROGRAM-CUSTOM CXX-INIT-GLOBAL-PROGRAM-CUSTOM
//@ profiles: CLC++2021
//@ props: storage=program linkage=external

class Counter {
public:
    Counter() : value(1) {}
    int get() const { return value; }
private:
    int value;
};

__global int tile_copy[16];
__global int start = 4;
__global Counter counter;

__kernel void share(__global int *out)
{
    __local int tile[16];
    size_t lid = get_local_id(0);
    tile[lid] = (int)lid + start;
    tile_copy[lid] = tile[lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tile[15 - lid] + counter.get();
}
