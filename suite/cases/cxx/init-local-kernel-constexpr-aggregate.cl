// Table row local/kernel, constant-expression initialiser: a brace-initialised __local aggregate is rejected like a scalar.
//@ rules: CXX-INIT-LOCAL-KERNEL-CONSTEXPR
//@ profiles: CLC++2021

struct Pod { int key; float weight; };

__kernel void stage(__global int *out)
{
    __local Pod pod = {3, 0.5f}; //~ ERROR CXX-INIT-LOCAL-KERNEL-CONSTEXPR
    out[get_global_id(0)] = pod.key;
}
