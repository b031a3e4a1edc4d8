// Table row global/static, custom initialiser: not supported, so a function-scope static built by a non-constexpr user constructor is rejected.
//@ rules: CXX-INIT-GLOBAL-STATIC-CUSTOM
//@ profiles: CLC++2021
//@ props: storage=static-helper type=class-ctor

struct Counter {
    int value;
    Counter(int start) : value(start) {}
};

int next_ticket()
{
    static Counter counter(3); //~ ERROR CXX-INIT-GLOBAL-STATIC-CUSTOM
    return counter.value++;
}

__kernel void serve(__global int *out)
{
    out[get_global_id(0)] = next_ticket();
}
