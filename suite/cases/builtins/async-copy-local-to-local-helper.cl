// A helper cannot use async_work_group_copy between two __local buffers.
//@ rules: AS-ASYNC-COPY-SPACES
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

void mirror(local float4 *dst, const local float4 *src)
{
    event_t ev = async_work_group_copy(dst, src, 8, 0); //~ ERROR AS-ASYNC-COPY-SPACES
    wait_group_events(1, &ev);
}

kernel void run(local float4 *a, local float4 *b, global float4 *out)
{
    mirror(a, b);
    out[get_global_id(0)] = a[get_local_id(0) & 7];
}
