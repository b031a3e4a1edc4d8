// A __constant pointer cannot convert into the temporary a reference to a const generic pointer binds to: constant is outside the generic space.
//@ rules: CXX-GENERIC-POINTERS
//@ profiles: CLC++2021

int first(int *const &p)
{
    return p[0];
}

__constant int table[2] = {1, 2};

__kernel void read_first(__global int *out)
{
    __constant int *c = table;
    out[get_global_id(0)] = first(c); //~ ERROR CXX-GENERIC-POINTERS
}
