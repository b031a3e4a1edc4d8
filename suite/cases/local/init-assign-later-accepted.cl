// Near miss (003): __local variables declared without initialiser and assigned afterwards; private pointers to __local may be initialised.
//@ rules: AS-LOCAL-INIT
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

__kernel void my_func(__global float *out, __local float *scratch)
{
    __local float b;
    local int counter;
    local float *p = scratch;
    __local float *const q = &b;
    b = 1;
    counter = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    p[get_local_id(0)] = *q + (float)counter;
    out[get_global_id(0)] = p[0];
}
