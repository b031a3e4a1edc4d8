// Table row local/static data member, constant-expression initialiser: not supported, so a constexpr __local static member is rejected.
//@ rules: CXX-INIT-LOCAL-MEMBER-CONSTEXPR
//@ profiles: CLC++2021

struct Limits {
    static constexpr __local int tile = 16; //~ ERROR CXX-INIT-LOCAL-MEMBER-CONSTEXPR
};

__kernel void look(__global int *out)
{
    out[get_global_id(0)] = Limits::tile;
}
