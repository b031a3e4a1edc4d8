// A const volatile automatic array is still __private: passing it where a pointer to const volatile __global is expected is rejected.
//@ rules: CXX-IMPLICIT-PRIVATE
//@ profiles: CLC++2021

int first(const volatile __global int *p)
{
    return p[0];
}

__kernel void pass(__global int *out)
{
    const volatile int table[2] = {4, 5};
    out[get_global_id(0)] = first(table); //~ ERROR CXX-IMPLICIT-PRIVATE
}
