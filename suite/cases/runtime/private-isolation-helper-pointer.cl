// A helper writes through a pointer to the caller's private variable and struct: each work-item gets back only its own values.
//@ rules: AS-PRIVATE-ISOLATION
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ kind: run
//@ launch: through_helper 32/8
//@ arg: buffer int[32] out
//@ expect: out[i] == 3 * i + 1 + 2 * i

typedef struct { int id; float4 v; } item_t;

void set_own(private int *x, private item_t *it, int gid)
{
    *x = 3 * gid + 1;
    it->id = gid;
    it->v = (float4)((float)gid);
}

kernel void through_helper(global int *out)
{
    int value = -1;
    item_t item;
    int gid = (int)get_global_id(0);
    set_own(&value, &item, gid);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[gid] = value + item.id + (int)item.v.w;
}
