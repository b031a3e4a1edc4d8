// 003's example: "__local float c; // not allowed." inside an if-block of a kernel.
//@ rules: AS-LOCAL-SCOPE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

__kernel void my_func(__global float *out)
{
    __local float a;
    __local float b[10];
    if (get_local_id(0) == 0) {
        __local float c; //~ ERROR AS-LOCAL-SCOPE
        c = 1.0f;
        a = c;
        b[0] = c;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = a + b[0];
}
