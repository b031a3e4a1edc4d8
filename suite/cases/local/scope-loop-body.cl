// A __local float4 array cannot be declared inside a loop body of a kernel.
//@ rules: AS-LOCAL-SCOPE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void passes(global float4 *data)
{
    for (int pass = 0; pass < 2; pass++) {
        __local float4 part[4]; //~ ERROR AS-LOCAL-SCOPE
        part[get_local_id(0) & 3] = data[get_global_id(0)];
        barrier(CLK_LOCAL_MEM_FENCE);
        data[get_global_id(0)] = part[(get_local_id(0) + 1) & 3];
    }
}
