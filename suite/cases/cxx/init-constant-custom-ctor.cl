// Table row constant, custom initialiser: constant objects cannot have user constructors, so a __constant object built by one is rejected.
//@ rules: CXX-INIT-CONSTANT-CUSTOM
//@ profiles: CLC++2021

struct Counter {
    int value;
    Counter(int start) : value(start) {}
};

__constant Counter start(1); //~ ERROR CXX-INIT-CONSTANT-CUSTOM

__kernel void apply(__global int *out)
{
    out[get_global_id(0)] = start.value;
}
