// Names resolve through classes: a static data member reached as `Config::limit` is __global, and a member function's generic pointer parameter does not take a pointer to __constant.
//@ rules: CXX-IMPLICIT-GLOBAL CXX-GENERIC-POINTERS
//@ profiles: CLC++2021

struct Config {
    static int limit;
};

int Config::limit = 16;

class Summer {
public:
    explicit Summer(int n) : count(n) {}
    int sum(const int *values) const;
private:
    int count;
};

int Summer::sum(const int *values) const
{
    int s = 0;
    for (int k = 0; k < count; k++)
        s += values[k];
    return s;
}

__kernel void apply(__constant int *table, __global int *out)
{
    __private int *p = &Config::limit; //~ ERROR CXX-IMPLICIT-GLOBAL
    Summer summer(4);
    out[get_global_id(0)] = summer.sum(table) + *p; //~ ERROR CXX-GENERIC-POINTERS
}
