// Typical C++ for OpenCL classes: constructors with member-initialiser lists, defaulted and deleted members, a destructor, const and address-space-qualified member functions, out-of-class definitions, static members and constexpr.
//@ rules: CXX-INIT-PRIVATE-CUSTOM CXX-INIT-GLOBAL-PROGRAM-CUSTOM CXX-INIT-GLOBAL-MEMBER-CONSTEXPR CXX-GENERIC-POINTERS
//@ profiles: CLC++2021
//@ props: storage=program linkage=external

constexpr int lanes = 4;

constexpr int round_up(int n) { return (n + lanes - 1) / lanes * lanes; }

class Accumulator {
public:
    Accumulator() = default;
    explicit Accumulator(float start) : sum(start), count(0) {}
    Accumulator(const Accumulator &) = default;
    ~Accumulator() {}
    void add(float v);
    float mean() const { return count ? sum / (float)count : 0.0f; }
    int size() const { return this->count; }
    static inline int created = 0;
    static constexpr int limit = round_up(6);
private:
    float sum = 0.0f;
    int count = 0;
};

void Accumulator::add(float v)
{
    sum += v;
    ++count;
}

struct Tile {
    float cells[lanes];
    Tile(const Tile &) = delete;
    Tile() {}
    float first() __local { return cells[0]; }
    void fill(float v) __local
    {
        for (int k = 0; k < lanes; k++)
            cells[k] = v;
    }
};

struct Range : Accumulator {
    int lo, hi;
    Range(int l, int h) : Accumulator(0.0f), lo(l), hi(h) {}
    bool contains(int v) const { return lo <= v && v < hi; }
};

Accumulator global_stats(1.0f);

__kernel void summarise(__global const float *in, __global float *out)
{
    __local Tile tile;
    size_t i = get_global_id(0);
    if (get_local_id(0) == 0)
        tile.fill(in[0]);
    barrier(CLK_LOCAL_MEM_FENCE);
    Accumulator acc(tile.first());
    Range range{0, Accumulator::limit};
    for (int k = 0; k < lanes; k++)
        if (range.contains(k))
            acc.add(in[i * lanes + k]);
    out[i] = acc.mean() + (float)acc.size() + global_stats.mean();
}
