// C++ for OpenCL as kernels write it: operator overloading (members, free functions, conversion
// and subscript operators), braced lists as arguments and return values, pointers to members,
// out-of-class definitions of class-template members, variable templates, and clang's
// __remove_address_space; all read without false address-space errors.
//@ rules: CXX-IMPLICIT-PRIVATE CXX-GENERIC-POINTERS
//@ profiles: CLC++2021

struct Vec2 {
    float x, y;
    Vec2 operator+(const Vec2 &o) const { return {x + o.x, y + o.y}; }
    Vec2 &operator+=(const Vec2 &o)
    {
        x += o.x;
        y += o.y;
        return *this;
    }
    float &operator[](int i) { return i ? y : x; }
    explicit operator bool() const { return x != 0.0f || y != 0.0f; }
    void scale(Vec2 by)
    {
        x *= by.x;
        y *= by.y;
    }
};

bool operator==(const Vec2 &a, const Vec2 &b) { return a.x == b.x && a.y == b.y; }

template <typename T>
struct Acc {
    T total;
    Acc();
    Acc(const Acc<T> &other);
    Acc &operator=(const Acc<T> &other);
    T get() const;
};

template <typename T>
Acc<T>::Acc() : total(0) {}

template <typename T>
Acc<T>::Acc(const Acc<T> &other) : total(other.total) {}

template <typename T>
Acc<T> &Acc<T>::operator=(const Acc<T> &other)
{
    total = other.total;
    return *this;
}

template <typename T>
T Acc<T>::get() const
{
    return total;
}

template <typename T>
constexpr T half_of_one = T(1) / T(2);

__kernel void vec_ops(__global float *out)
{
    Vec2 a{1.0f, 2.0f};
    Vec2 b{3.0f, 4.0f};
    Vec2 c = a + b;
    c += a;
    c.scale({2.0f, 0.5f});
    float Vec2::*component = &Vec2::y;
    Acc<float> acc;
    Acc<float> copy(acc);
    copy = acc;
    using plain_int = __remove_address_space<__global int>::type;
    plain_int n = 3;
    if (c == a || bool(c))
        out[0] = c[1] + c.*component;
    out[1] = copy.get() + half_of_one<float> + (float)n;
}
