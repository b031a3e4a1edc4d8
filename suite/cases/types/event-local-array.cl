// An array of event_t cannot be declared __local either.
//@ rules: AS-EVENT-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: space=local type=event_t-array

kernel void stage(global const float *src, local float *tile)
{
    __local event_t evs[2]; //~ ERROR AS-EVENT-SPACE
    evs[0] = async_work_group_copy(tile, src, 32, 0);
    evs[1] = async_work_group_copy(tile + 32, src + 32, 32, 0);
    // Waited on through private copies: before the generic space, wait_group_events takes a
    // pointer to private events, and the case tests the declaration alone.
    event_t both[2] = { evs[0], evs[1] };
    wait_group_events(2, both);
}
