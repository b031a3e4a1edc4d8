// Table row global/program, custom initialiser or destructor: program-scope objects with user constructors and destructors are supported.
//@ rules: CXX-INIT-GLOBAL-PROGRAM-CUSTOM
//@ profiles: CLC++2021
//@ props: storage=program linkage=external

class Counter {
public:
    Counter(int start) : value(start) {}
    int get() const { return value; }
    void add(int v) { value += v; }
private:
    int value;
};

struct Tracker {
    int value;
    Tracker() : value(5) {}
    ~Tracker() { value = 0; }
};

Counter counter(7);
__global Tracker tracker;

__kernel void record(__global int *out)
{
    if (get_global_id(0) == 0)
        counter.add(1);
    out[get_global_id(0)] = counter.get() + tracker.value;
}
