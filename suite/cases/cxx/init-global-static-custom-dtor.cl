// Table row global/static, custom destructor: not supported, so a kernel-scope static __global object of a class with a user destructor is rejected.
//@ rules: CXX-INIT-GLOBAL-STATIC-CUSTOM
//@ profiles: CLC++2021
//@ props: storage=static-kernel type=class-dtor

struct Tracker {
    int value;
    ~Tracker() { value = 0; }
};

__kernel void serve(__global int *out)
{
    static __global Tracker tracker; //~ ERROR CXX-INIT-GLOBAL-STATIC-CUSTOM
    out[get_global_id(0)] = tracker.value;
}
