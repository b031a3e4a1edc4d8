// async_work_group_copy cannot copy into a private array.
//@ rules: AS-ASYNC-COPY-SPACES
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void copy(global const float *src, global float *out)
{
    float buf[16];
    event_t ev = async_work_group_copy(buf, src, 16, 0); //~ ERROR AS-ASYNC-COPY-SPACES
    wait_group_events(1, &ev);
    out[get_global_id(0)] = buf[0];
}
