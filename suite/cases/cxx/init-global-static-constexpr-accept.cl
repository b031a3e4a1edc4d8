// Table row global/static, constant-expression initialiser: statics initialised by literals, constexpr functions and constexpr constructors (trivial destructor) are supported.
//@ rules: CXX-INIT-GLOBAL-STATIC-CONSTEXPR CXX-INIT-GLOBAL-STATIC-CUSTOM
//@ profiles: CLC++2021
//@ props: storage=static-helper

struct Window {
    int lo, hi;
    constexpr Window(int l, int h) : lo(l), hi(h) {}
};

constexpr int cube(int x) { return x * x * x; }

int width()
{
    static Window w(2, 10);
    static __global int volume = cube(3);
    return w.hi - w.lo + volume;
}

__kernel void serve(__global int *out)
{
    static int base = 7;
    out[get_global_id(0)] = base + width();
}
