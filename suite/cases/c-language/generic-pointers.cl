// Valid code: unqualified pointer parameters in the generic address space, called with pointers
// into global, local and private memory, cast back with to_global/to_local/to_private.
//@ rules: AS-GENERIC-DEFAULT AS-GENERIC-FROM-NAMED AS-TO-NAMED-BUILTIN AS-GET-FENCE
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals
//@ props: uses=generic-space

static float sum(const float *p, int n)
{
    float s = 0.0f;
    for (int i = 0; i < n; ++i)
        s += p[i];
    return s;
}

static void scale(float *p, float k)
{
    __global float *g = to_global(p);
    if (g) {
        *g *= k;
        return;
    }
    __local float *l = to_local(p);
    if (l)
        *l *= k;
    else
        *to_private(p) *= k;
    cl_mem_fence_flags f = get_fence(p);
    atomic_work_item_fence(f, memory_order_release, memory_scope_work_group);
}

kernel void generic_users(__global float *g, __local float *l)
{
    float priv[4] = {1.0f, 2.0f, 3.0f, 4.0f};
    l[get_local_id(0)] = g[get_global_id(0)];
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    float *any = g;
    float total = sum(any, 4) + sum(l, 4) + sum(priv, 4);
    scale(g, 2.0f);
    scale(l, 0.5f);
    scale(&priv[1], 3.0f);
    any = priv;
    generic float *explicit_generic = l;
    g[0] = total + *any + *explicit_generic;
}
