// Global objects without an initialiser (program-scope, static in a kernel, static data member) are zero-pre-initialised.
//@ rules: CXX-ZERO-INIT CXX-INIT-GLOBAL-PROGRAM-TRIVIAL CXX-INIT-GLOBAL-STATIC-TRIVIAL CXX-INIT-GLOBAL-MEMBER-TRIVIAL
//@ profiles: CLC++2021
//@ props: storage=program linkage=external
//@ kind: run
//@ launch: snapshot 1
//@ arg: buffer int[8] out
//@ expect: out == {0, 0, 0, 0, 0, 0, 0, 0}

struct Pod { int key; float weight; };

struct Stats {
    static int calls;
};

int Stats::calls;
int counter;
__global float4 accum;
Pod last;
int table[2];

__kernel void snapshot(__global int *out)
{
    static int launches;
    out[0] = counter;
    out[1] = (int)accum.x + (int)accum.w;
    out[2] = last.key;
    out[3] = (int)last.weight;
    out[4] = table[0] + table[1];
    out[5] = launches;
    out[6] = Stats::calls;
    out[7] = (int)accum.y;
}
