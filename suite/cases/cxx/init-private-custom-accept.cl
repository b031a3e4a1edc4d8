// Table row private, custom initialiser or destructor: automatic objects with user constructors and destructors, in a kernel and a helper, compile.
//@ rules: CXX-INIT-PRIVATE-CUSTOM
//@ profiles: CLC++2021

class Counter {
public:
    Counter(int start) : value(start) {}
    ~Counter() { value = -1; }
    void add(int v) { value += v; }
    int get() const { return value; }
private:
    int value;
};

int tally(int n)
{
    Counter c(n);
    c.add(1);
    return c.get();
}

__kernel void compute(__global int *out)
{
    Counter local_counter{(int)get_global_id(0)};
    __private Counter twice = Counter(2);
    local_counter.add(tally(3));
    out[get_global_id(0)] = local_counter.get() + twice.get();
}
