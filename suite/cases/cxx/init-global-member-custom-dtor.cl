// Table row global/static data member, custom destructor: not supported, so a static member of a class with a user destructor is rejected.
//@ rules: CXX-INIT-GLOBAL-MEMBER-CUSTOM
//@ profiles: CLC++2021
//@ props: storage=program linkage=external type=class-dtor

struct Tracker {
    int value;
    ~Tracker() { value = 0; }
};

struct Registry {
    static Tracker tracker;
};

Tracker Registry::tracker; //~ ERROR CXX-INIT-GLOBAL-MEMBER-CUSTOM

__kernel void look(__global int *out)
{
    out[get_global_id(0)] = Registry::tracker.value;
}
