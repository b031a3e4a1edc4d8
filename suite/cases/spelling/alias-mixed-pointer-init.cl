// Pointers spelled with global and __global (local and __local) name one space: initialising one from the other is no conversion.
//@ rules: AS-SPELLING-ALIAS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void mix_spellings(__global int *out, global const int *in, __local int *scratch)
{
    global int *dst = out;
    __global const int *src = in;
    local int *tile = scratch;
    size_t i = get_global_id(0);
    size_t l = get_local_id(0);
    tile[l] = src[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    dst[i] = tile[l];
}
