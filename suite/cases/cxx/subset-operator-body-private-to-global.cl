// Operator functions and out-of-class members of class templates are checked like any function:
// the address of an automatic variable is __private, so it cannot initialise a pointer to
// __global there either.
//@ rules: CXX-IMPLICIT-PRIVATE
//@ profiles: CLC++2021

struct Counter {
    int n;
    Counter operator+(int by) const
    {
        int sum = n + by;
        __global int *g = &sum; //~ ERROR CXX-IMPLICIT-PRIVATE
        return {*g};
    }
};

template <typename T>
struct Box {
    T v;
    T twice() const;
};

template <typename T>
T Box<T>::twice() const
{
    int factor = 2;
    __global int *g = &factor; //~ ERROR CXX-IMPLICIT-PRIVATE
    return v * (T)*g;
}

__kernel void use(__global int *out)
{
    Counter c{1};
    Box<int> b{2};
    out[0] = (c + 1).n + b.twice();
}
