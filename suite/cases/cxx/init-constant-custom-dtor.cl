// Table row constant, custom destructor: constant objects cannot have user destructors, so an aggregate-initialised __constant object of such a class is rejected.
//@ rules: CXX-INIT-CONSTANT-CUSTOM
//@ profiles: CLC++2021
//@ props: storage=constant-program space=constant type=class-dtor

struct Tracker {
    int value;
    ~Tracker() {}
};

__constant Tracker tracker = {4}; //~ ERROR CXX-INIT-CONSTANT-CUSTOM

__kernel void apply(__global int *out)
{
    out[get_global_id(0)] = tracker.value;
}
