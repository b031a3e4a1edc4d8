// A static variable cannot be __local, even at a kernel's outermost scope.
//@ rules: AS-STATIC-SPACE
//@ profiles: CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void reduce(global const int *in, global int *out)
{
    static local int tile[16]; //~ ERROR AS-STATIC-SPACE
    size_t l = get_local_id(0);
    tile[l & 15] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tile[0];
}
