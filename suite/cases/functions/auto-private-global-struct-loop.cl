// A struct declared global inside a loop body is still an automatic variable.
//@ rules: AS-AUTO-PRIVATE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct {
    int min;
    int max;
} bounds_t;

kernel void ranges(global const int *in, global bounds_t *out, int n)
{
    for (int k = 0; k < n; ++k) {
        __global bounds_t b; //~ ERROR AS-AUTO-PRIVATE
        b.min = min(in[k], 0);
        b.max = max(in[k], 0);
        out[k] = b;
    }
}
