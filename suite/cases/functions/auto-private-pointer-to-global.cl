// An automatic pointer to global (or local, or constant) is a private variable: only its pointee is elsewhere.
//@ rules: AS-AUTO-PRIVATE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void gather(global int *out, global const int *in, constant int *index, local int *tile)
{
    global const int *src = in;
    constant int *idx = index;
    local int *private t = tile;
    size_t l = get_local_id(0);
    t[l] = src[idx[l]];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = t[l];
}
