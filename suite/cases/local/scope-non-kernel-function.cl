// A non-kernel function cannot declare a __local array.
//@ rules: AS-LOCAL-SCOPE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

int sum8(global const int *in)
{
    local int tmp[8]; //~ ERROR AS-LOCAL-SCOPE
    tmp[get_local_id(0) & 7] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    return tmp[0] + tmp[7];
}

kernel void reduce(global const int *in, global int *out)
{
    out[get_global_id(0)] = sum8(in);
}
