// Table row local/non-kernel function, constant-expression initialiser: not supported, so a helper's initialised __local flag is rejected.
//@ rules: CXX-INIT-LOCAL-FUNCTION-CONSTEXPR
//@ profiles: CLC++2021

int read_flag()
{
    __local int flag = 0; //~ ERROR CXX-INIT-LOCAL-FUNCTION-CONSTEXPR
    return flag;
}

__kernel void stage(__global int *out)
{
    out[get_global_id(0)] = read_flag();
}
