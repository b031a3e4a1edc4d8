// async_work_group_copy has no global-to-global overload.
//@ rules: AS-ASYNC-COPY-SPACES
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void copy(global const int *src, global int *dst)
{
    event_t ev = async_work_group_copy(dst, src, 64, 0); //~ ERROR AS-ASYNC-COPY-SPACES
    wait_group_events(1, &ev);
}
