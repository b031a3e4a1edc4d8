// Table row local/program, custom constructor: not supported, so a program-scope __local object of a class with a user constructor is rejected.
//@ rules: CXX-INIT-LOCAL-PROGRAM-CUSTOM
//@ profiles: CLC++2021

class Counter {
public:
    Counter() : value(1) {}
    int get() const { return value; }
private:
    int value;
};

__local Counter counter; //~ ERROR CXX-INIT-LOCAL-PROGRAM-CUSTOM

__kernel void share(__global int *out)
{
    out[get_global_id(0)] = counter.get();
}
