// A program-scope int * (allocated in global) points to generic, so a kernel can store a global or a local address in it.
//@ rules: AS-GENERIC-DEFAULT
//@ profiles: CL2.0 CL3.0+generic+globals
//@ props: storage=program

int *last_seen;

kernel void remember(global int *data, local int *tile, global int *out)
{
    size_t l = get_local_id(0);
    tile[l] = 5;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_global_id(0) == 0)
        last_seen = data;
    out[get_global_id(0)] = *(get_global_id(0) == 0 ? last_seen : (int *)(tile + l));
}
