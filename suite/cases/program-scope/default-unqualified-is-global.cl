// Unqualified program-scope variables (scalar, vector, array, struct) are in __global: their addresses are __global pointers.
//@ rules: AS-PROGSCOPE-DEFAULT
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals
//@ props: storage=program

struct stats { int n; float sum; };

int hits;
float4 acc;
uchar buf[512];
struct stats st;

kernel void tally(global const float *in)
{
    global int *h = &hits;
    global float4 *a = &acc;
    global uchar *b = buf;
    global struct stats *s = &st;
    size_t i = get_global_id(0);
    *h += 1;
    a->x += in[i];
    b[i & 511] = (uchar)i;
    s->n += 1;
    s->sum += in[i];
}
