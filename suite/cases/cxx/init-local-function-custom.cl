// Table row local/non-kernel function, custom initialiser: not supported, so a helper's __local object built by a user constructor is rejected.
//@ rules: CXX-INIT-LOCAL-FUNCTION-CUSTOM
//@ profiles: CLC++2021

struct Counter {
    int value;
    Counter(int start) : value(start) {}
};

int start_value()
{
    __local Counter c(2); //~ ERROR CXX-INIT-LOCAL-FUNCTION-CUSTOM
    return c.value;
}

__kernel void stage(__global int *out)
{
    out[get_global_id(0)] = start_value();
}
