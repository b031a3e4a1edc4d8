// Table row local/static data member, uninitialised: a static data member is a program-scope variable, so declaring it __local is rejected.
//@ rules: CXX-INIT-LOCAL-MEMBER-TRIVIAL
//@ profiles: CLC++2021

struct Cache {
    static inline __local int hits; //~ ERROR CXX-INIT-LOCAL-MEMBER-TRIVIAL
};

__kernel void look(__global int *out)
{
    out[get_global_id(0)] = Cache::hits;
}
