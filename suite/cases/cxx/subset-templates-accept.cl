// Typical C++ for OpenCL templates: function templates with type and non-type parameters, explicit arguments, a class template with a static member and a nested instantiation; names resolve through them without false address-space errors.
//@ rules: CXX-GENERIC-POINTERS CXX-IMPLICIT-PRIVATE CXX-INIT-PRIVATE-CUSTOM
//@ profiles: CLC++2021

template <typename T>
T clamp_to(T v, T lo, T hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

template <typename T, int N>
struct Vec {
    T data[N];
    static constexpr int size = N;
    Vec() {}
    explicit Vec(T fill)
    {
        for (int k = 0; k < N; k++)
            data[k] = fill;
    }
    T &operator_at(int k) { return data[k]; }
    const T *begin() const { return data; }
    T sum() const
    {
        T s = T(0);
        for (int k = 0; k < N; k++)
            s += data[k];
        return s;
    }
};

template <typename T>
struct Pair {
    T first, second;
};

template <class T>
T dot(const T *a, const T *b, int n)
{
    T s = 0;
    for (int k = 0; k < n; k++)
        s += a[k] * b[k];
    return s;
}

__kernel void blend(__global const float *in, __global float *out, __local float *scratch)
{
    size_t i = get_global_id(0);
    Vec<float, 4> v(in[i]);
    Pair<Vec<int, 2>> p;
    p.first.data[0] = 1;
    scratch[get_local_id(0)] = v.sum();
    v.operator_at(0) = clamp_to<float>(in[i], 0.0f, 1.0f);
    int clamped = clamp_to(3, 0, Vec<int, 8>::size);
    out[i] = dot<float>(v.begin(), &in[0], 1) + dot<float>(scratch, v.begin(), 1) + (float)(clamped + p.first.data[0]);
}
