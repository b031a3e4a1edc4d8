// Values read back from a __local tile after a barrier feed `a > b ? a - b : 0`, which optimisers turn into a saturating subtraction (reduced from clasp fuzz --runtime).
//@ rules: AS-LOCAL-PER-GROUP
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ kind: run
//@ launch: k 8/4
//@ arg: buffer uint[8] out
//@ arg: buffer uint[8] inp = i * 3
//@ expect: out == {3, 3, 3, 0, 3, 3, 3, 0}

kernel void k(global uint *out, global uint *inp)
{
    local uint tile[4];
    size_t l = get_local_id(0);
    size_t g = get_global_id(0);
    tile[l] = inp[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    uint a = tile[(l + 1) % 4];
    uint b = tile[l];
    out[g] = (a > b) ? a - b : 0u;
}
