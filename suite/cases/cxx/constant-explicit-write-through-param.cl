// __constant memory is read-only: a helper cannot write through its pointer-to-__constant parameter.
//@ rules: CXX-CONSTANT-EXPLICIT
//@ profiles: CLC++2021

void reset(__constant int *table)
{
    table[0] = 0; //~ ERROR CXX-CONSTANT-EXPLICIT
}

__kernel void apply(__constant int *table, __global int *out)
{
    reset(table);
    out[get_global_id(0)] = table[0];
}
