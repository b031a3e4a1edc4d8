// 002's example: "global event_t ev; // Error. Invalid type for program scope variables".
//@ rules: AS-PROGSCOPE-TYPE
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals

global event_t ev; //~ ERROR AS-PROGSCOPE-TYPE

kernel void stage(global const float *src, local float *tile)
{
    ev = async_work_group_copy(tile, src, 64, 0);
    wait_group_events(1, &ev);
}
