// An event_t variable cannot be declared __local, even at a kernel's outermost scope.
//@ rules: AS-EVENT-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void stage(global const float *src, global float *dst, local float *tile)
{
    local event_t ev; //~ ERROR AS-EVENT-SPACE
    ev = async_work_group_copy(tile, src, 64, 0);
    wait_group_events(1, &ev);
    dst[get_global_id(0)] = tile[get_local_id(0)];
}
