// A pointer recovered by to_global or to_local from a generic pointer reads and writes the original object.
//@ rules: AS-TO-NAMED-RESULT
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals
//@ kind: run
//@ launch: round_trip 16/16
//@ arg: buffer int[16] out = i * 2
//@ expect: out[i] == 2 * i + 5 + (i + 1)

kernel void round_trip(global int *out)
{
    __local int tile[16];
    size_t i = get_global_id(0);
    tile[i] = (int)i + 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    int *gen_g = out + i;
    const int *gen_l = tile + i;
    global int *back_g = to_global(gen_g);
    const local int *back_l = to_local(gen_l);
    if (back_g != NULL && back_l != NULL)
        *back_g += 5 + *back_l;
}
