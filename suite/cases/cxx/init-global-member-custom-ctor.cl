// Table row global/static data member, custom initialiser: not supported, so defining a static member through a non-constexpr user constructor is rejected.
//@ rules: CXX-INIT-GLOBAL-MEMBER-CUSTOM
//@ profiles: CLC++2021
//@ props: storage=program linkage=external type=class-ctor

struct Counter {
    int value;
    Counter(int start) : value(start) {}
};

struct Registry {
    static Counter counter;
};

Counter Registry::counter(3); //~ ERROR CXX-INIT-GLOBAL-MEMBER-CUSTOM

__kernel void look(__global int *out)
{
    out[get_global_id(0)] = Registry::counter.value;
}
