// Values read from a program-scope __constant table at `(gid + 6) % 8`; odd ones are replaced by 0. Optimisers fold the table's parity into a `switch` on the index truncated to 3 bits (reduced from clasp fuzz --runtime).
//@ rules: AS-CONSTANT-READABLE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ kind: run
//@ launch: k 8/2
//@ arg: buffer uint[8] out
//@ expect: out == {9230, 6718, 6352, 6760, 3944, 0, 5136, 0}

constant uint table[8] = { 6352u, 6760u, 3944u, 6245u, 5136u, 2441u, 9230u, 6718u };

kernel void k(global uint *out)
{
    uint gid = (uint)get_global_id(0);
    uint v = table[(gid + 6u) % 8u];
    out[gid] = v;
    if (v & 1u) {
        out[gid] = 0u;
    }
}
