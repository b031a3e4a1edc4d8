// Table row global/static data member, constant-expression initialiser: constexpr members, a member with a constant initialiser and one built by a constexpr constructor are supported.
//@ rules: CXX-INIT-GLOBAL-MEMBER-CONSTEXPR CXX-INIT-LOCAL-MEMBER-CONSTEXPR CXX-INIT-GLOBAL-MEMBER-CUSTOM
//@ profiles: CLC++2021
//@ props: storage=program linkage=external

struct Window {
    int lo, hi;
    constexpr Window(int l, int h) : lo(l), hi(h) {}
};

struct Limits {
    static constexpr int tile = 16;
    static int base;
    static Window window;
};

int Limits::base = 4;
Window Limits::window(2, 10);

__kernel void look(__global int *out)
{
    out[get_global_id(0)] = Limits::tile + Limits::base + Limits::window.hi - Limits::window.lo;
}
