// Names resolve through namespaces: a namespace variable with no address space is __global, so its address (qualified, or through a using-directive) cannot initialise a pointer to __private.
//@ rules: CXX-IMPLICIT-GLOBAL
//@ profiles: CLC++2021

namespace config {
int limit = 64;
namespace tuning {
int unroll = 4;
}
}

using namespace config;

__kernel void apply(__global int *out)
{
    __private int *a = &config::limit; //~ ERROR CXX-IMPLICIT-GLOBAL
    __private int *b = &tuning::unroll; //~ ERROR CXX-IMPLICIT-GLOBAL
    __global int *c = &limit;
    out[get_global_id(0)] = *a + *b + *c;
}
