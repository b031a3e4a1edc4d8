// A const program-scope variable without __constant is global, not constant: its address cannot initialise a pointer to __constant.
//@ rules: CXX-CONSTANT-EXPLICIT
//@ profiles: CLC++2021

const int limit = 8;

__kernel void clamp_to_limit(__global int *out)
{
    __constant const int *p = &limit; //~ ERROR CXX-CONSTANT-EXPLICIT
    size_t i = get_global_id(0);
    out[i] = min((int)i, *p);
}
