// Table row local/static data member, custom initialiser: not supported, so a __local static member built by a user constructor is rejected.
//@ rules: CXX-INIT-LOCAL-MEMBER-CUSTOM
//@ profiles: CLC++2021

struct Counter {
    int value;
    Counter(int start) : value(start) {}
};

struct Registry {
    static inline __local Counter counter{3}; //~ ERROR CXX-INIT-LOCAL-MEMBER-CUSTOM
};

__kernel void look(__global int *out)
{
    out[get_global_id(0)] = Registry::counter.value;
}
