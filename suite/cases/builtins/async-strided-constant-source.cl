// async_work_group_strided_copy cannot read from __constant: the source must be const __global.
//@ rules: AS-ASYNC-COPY-SPACES
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void copy(constant int *table, local int *tile, global int *out)
{
    event_t ev = async_work_group_strided_copy(tile, table, 16, 2, 0); //~ ERROR AS-ASYNC-COPY-SPACES
    wait_group_events(1, &ev);
    out[get_global_id(0)] = tile[get_local_id(0) & 15];
}
