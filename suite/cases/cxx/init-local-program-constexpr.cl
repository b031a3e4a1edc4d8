// Table row local/program, constant-expression initialiser: not supported, so an initialised program-scope __local int is rejected.
//@ rules: CXX-INIT-LOCAL-PROGRAM-CONSTEXPR
//@ profiles: CLC++2021

__local int start = 4; //~ ERROR CXX-INIT-LOCAL-PROGRAM-CONSTEXPR

__kernel void share(__global int *out)
{
    out[get_global_id(0)] = start;
}
