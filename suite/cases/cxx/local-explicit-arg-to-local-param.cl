// A helper's by-value struct parameter is private, not local: passing its address for a __local pointer parameter is rejected.
//@ rules: CXX-LOCAL-EXPLICIT
//@ profiles: CLC++2021

struct Cell { int key; int value; };

int read_cell(__local const Cell *c)
{
    return c->key + c->value;
}

int forward(Cell c)
{
    return read_cell(&c); //~ ERROR CXX-LOCAL-EXPLICIT
}

__kernel void cells(__global const Cell *in, __global int *out)
{
    size_t i = get_global_id(0);
    out[i] = forward(in[i]);
}
