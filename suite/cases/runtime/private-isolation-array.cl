// Each work-item fills its own __private array with its id: no work-item sees another's values, even inside one group.
//@ rules: AS-PRIVATE-ISOLATION
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ kind: run
//@ launch: own_array 64/16
//@ arg: buffer int[64] out
//@ expect: out[i] == 8 * i + 28

kernel void own_array(global int *out)
{
    __private int mine[8];
    int gid = (int)get_global_id(0);
    for (int k = 0; k < 8; k++)
        mine[k] = gid + k;
    barrier(CLK_LOCAL_MEM_FENCE);
    int sum = 0;
    for (int k = 0; k < 8; k++)
        sum += mine[k];
    out[gid] = sum;
}
