// One helper taking a generic int pointer updates a global buffer, a local tile and a private variable through it.
//@ rules: AS-GENERIC-DEREF
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals
//@ kind: run
//@ launch: add_everywhere 32/8
//@ arg: buffer int[32] out = i
//@ expect: out[i] == i + 1 + (i % 8 + 10) + 102

void add(int *p, int v)
{
    *p += v;
}

kernel void add_everywhere(global int *out)
{
    local int tile[8];
    int mine = 100;
    size_t lid = get_local_id(0);
    size_t gid = get_global_id(0);
    tile[lid] = (int)lid;
    add(&out[gid], 1);
    add(&tile[lid], 10);
    add(&mine, 2);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[gid] += tile[lid] + mine;
}
