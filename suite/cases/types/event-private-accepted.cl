// Near miss: event_t variables and arrays in private memory (implicit and explicit), passed by pointer to a helper.
//@ rules: AS-EVENT-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

void wait_both(private event_t *evs)
{
    wait_group_events(2, evs);
}

kernel void stage(global const float4 *src, global float4 *dst, local float4 *tile)
{
    event_t evs[2];
    private event_t out_ev;
    evs[0] = async_work_group_copy(tile, src, 32, 0);
    evs[1] = async_work_group_copy(tile + 32, src + 32, 32, 0);
    wait_both(evs);
    out_ev = async_work_group_copy(dst, (const local float4 *)tile, 64, 0);
    wait_group_events(1, &out_ev);
}
