// A struct in a nested block cannot be declared generic.
//@ rules: AS-GENERIC-OBJECT
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

typedef struct {
    int lo;
    int hi;
} span_t;

kernel void widths(global const int *in, global int *out)
{
    size_t i = get_global_id(0);
    if (i > 0) {
        generic span_t s; //~ ERROR AS-GENERIC-OBJECT
        s.lo = in[i - 1];
        s.hi = in[i];
        out[i] = s.hi - s.lo;
    }
}
