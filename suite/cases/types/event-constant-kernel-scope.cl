// An event_t variable cannot be __constant at a kernel's outermost scope.
//@ rules: AS-EVENT-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void stage(global const float *src, local float *tile)
{
    constant event_t none = 0; //~ ERROR AS-EVENT-SPACE
    event_t ev = async_work_group_copy(tile, src, 64, none);
    wait_group_events(1, &ev);
}
