// Table row local/kernel, custom initialiser: a __local object initialised through a user constructor (copy-initialised from a temporary) is rejected.
//@ rules: CXX-INIT-LOCAL-KERNEL-CUSTOM
//@ profiles: CLC++2021

class Counter {
public:
    Counter(int start) : value(start) {}
    int get() const { return value; }
private:
    int value;
};

__kernel void stage(__global int *out)
{
    __local Counter counter = Counter(1); //~ ERROR CXX-INIT-LOCAL-KERNEL-CUSTOM
    out[get_global_id(0)] = counter.get();
}
