// A static variable inside a kernel cannot be of type event_t, even where static globals exist.
//@ rules: AS-PROGSCOPE-TYPE
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals

kernel void stage(global const float *src, local float *tile)
{
    static event_t ev; //~ ERROR AS-PROGSCOPE-TYPE
    ev = async_work_group_copy(tile, src, 64, ev);
    wait_group_events(1, &ev);
}
