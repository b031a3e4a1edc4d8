// Writing a struct member of a read-only __global buffer is an error.
//@ rules: AS-CONST-GLOBAL
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct { int count; float value; } item_t;

kernel void reset(global const item_t *items, global float *out)
{
    size_t i = get_global_id(0);
    out[i] = items[i].value;
    items[i].count = 0; //~ ERROR AS-CONST-GLOBAL
}
