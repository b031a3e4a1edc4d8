// A program-scope __global float4 array written by one kernel launch is read back by another kernel of the program.
//@ rules: AS-GLOBAL-PERSIST
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals
//@ props: storage=program
//@ kind: run
//@ launch: store 16
//@ launch: load 16
//@ arg: buffer int[16] out
//@ expect: out[i] == 4 * i + 6

__global float4 saved[16];

kernel void store(global int *out)
{
    size_t i = get_global_id(0);
    float f = (float)i;
    saved[i] = (float4)(f, f + 1.0f, f + 2.0f, f + 3.0f);
}

kernel void load(global int *out)
{
    size_t i = get_global_id(0);
    float4 v = saved[i];
    out[i] = (int)(v.x + v.y + v.z + v.w);
}
