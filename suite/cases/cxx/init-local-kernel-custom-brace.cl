// Table row local/kernel, custom initialiser: a __local object list-initialised through a user constructor is rejected.
//@ rules: CXX-INIT-LOCAL-KERNEL-CUSTOM
//@ profiles: CLC++2021

struct Window {
    int lo, hi;
    Window(int l, int h) : lo(l), hi(h) {}
    int width() const { return hi - lo; }
};

__kernel void stage(__global int *out)
{
    __local Window w{2, 10}; //~ ERROR CXX-INIT-LOCAL-KERNEL-CUSTOM
    out[get_global_id(0)] = w.width();
}
