// A private struct whose member points into a program-scope __constant table, initialised by a brace list, reads the table through the member (reduced from clasp fuzz --runtime).
//@ rules: AS-CONSTANT-READABLE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: uses=constant-address-data
//@ kind: run
//@ launch: k 4
//@ arg: buffer uint[4] out
//@ expect: out == {10, 20, 30, 40}

typedef struct {
    constant uint *f0;
} P;

constant uint table[4] = { 10u, 20u, 30u, 40u };

kernel void k(global uint *out)
{
    P s = { table };
    size_t i = get_global_id(0);
    out[i] = s.f0[i];
}
