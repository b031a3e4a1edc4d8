// C++ for OpenCL inherits OpenCL C's storage rules; what they allow compiles: __global and __constant program-scope, static and extern variables, __local and __constant ones in a kernel's outermost scope, private automatics and events in a kernel.
//@ rules: AS-AUTO-PRIVATE AS-CONSTANT-SCOPE AS-LOCAL-SCOPE AS-EXTERN-SPACE AS-PROGSCOPE-SPACE AS-STATIC-SPACE AS-PROGSCOPE-TYPE
//@ profiles: CLC++2021
//@ props: storage=program linkage=external

__global int counter = 0;
__constant int table[4] = {1, 2, 3, 4};
int plain = 5;
extern __constant int limit;
extern __global int total;

int helper(int n)
{
    __private int twice = 2 * n;
    int more = twice + table[0];
    return more;
}

__kernel void fill(__global int *out)
{
    __local int tile[16];
    __constant int bias = 7;
    static __global int calls = 0;
    static __constant int step = 1;
    event_t e;
    private int i = (int)get_local_id(0);
    tile[i] = helper(i) + bias + step + plain;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i == 0) {
        int x = tile[0];
        out[0] = x + counter + calls;
    }
}
