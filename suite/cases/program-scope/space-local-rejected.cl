// A program-scope variable cannot be __local in any profile.
//@ rules: AS-PROGSCOPE-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

local float shared_sum; //~ ERROR AS-PROGSCOPE-SPACE

kernel void total(global const float *in, global float *out)
{
    if (get_local_id(0) == 0)
        shared_sum = in[get_group_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = shared_sum;
}
