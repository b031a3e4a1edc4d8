// generic on a pointee (directly or through a typedef) allocates nothing in generic: the pointers themselves are private.
//@ rules: AS-GENERIC-OBJECT
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

typedef generic float gfloat_t;

float sum(gfloat_t *p, generic float *private q)
{
    return *p + *q;
}

kernel void sums(global float *a, local float *tile, global float *out)
{
    generic float *pa = a + get_global_id(0);
    tile[get_local_id(0)] = 1.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = sum(pa, tile + get_local_id(0));
}
