// Table row local/kernel, uninitialised: __local scalars, vectors and trivially constructible structs in the kernel's outermost scope, written after declaration, compile.
//@ rules: CXX-INIT-LOCAL-KERNEL-TRIVIAL CXX-INIT-LOCAL-KERNEL-CONSTEXPR CXX-INIT-LOCAL-KERNEL-CUSTOM
//@ profiles: CLC++2021

struct Pod { int key; float weight; };

__kernel void stage(__global int *out)
{
    __local int flag;
    __local float4 vecs[8];
    __local Pod pods[8];
    size_t lid = get_local_id(0);
    if (lid == 0)
        flag = 1;
    vecs[lid] = (float4)((float)lid);
    pods[lid] = Pod{(int)lid, 0.5f};
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = flag + pods[7 - lid].key + (int)vecs[lid].w;
}
