// Table row global/program, uninitialised: program-scope variables without an initialiser (implicit and explicit __global, scalar, vector, struct, array) are supported.
//@ rules: CXX-INIT-GLOBAL-PROGRAM-TRIVIAL
//@ profiles: CLC++2021
//@ props: storage=program linkage=external

struct Pod { int key; float weight; };

int hits;
__global float4 accum[4];
Pod last;
global int *__global cursor;

__kernel void record(__global int *out)
{
    size_t i = get_global_id(0);
    if (i == 0) {
        hits += 1;
        last.key = (int)i;
        cursor = &hits;
    }
    accum[i % 4] += (float4)(1.0f);
    out[i] = hits + last.key;
}
