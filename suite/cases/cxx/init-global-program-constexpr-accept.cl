// Table row global/program, constant-expression initialiser: program-scope globals initialised by literals, constexpr functions, aggregates and addresses are supported.
//@ rules: CXX-INIT-GLOBAL-PROGRAM-CONSTEXPR
//@ profiles: CLC++2021
//@ props: storage=program linkage=external

struct Pod { int key; float weight; };

constexpr int square(int x) { return x * x; }

int base = 42;
__global int area = square(5);
Pod origin = {1, 0.5f};
__global float4 ones = (float4)(1.0f, 1.0f, 1.0f, 1.0f);
__global int *__global base_ptr = &base;

__kernel void record(__global int *out)
{
    out[get_global_id(0)] = base + area + origin.key + (int)ones.w + *base_ptr;
}
