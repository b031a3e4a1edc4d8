// Valid code: typedefs of pointers into every space (with and without spaces around the '*'),
// typedefs of qualified element types, and typedef chains used as parameters and locals.
//@ rules: AS-SPELLING-ALIAS AS-KERNEL-ARG-PTR-SPACE AS-LOCAL-SCOPE AS-MULTIPLE-SPACES
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef float real;
typedef real real_t;
typedef unsigned int u32;
typedef __global real_t * gptr_t;
typedef __global const real_t* gcptr_t;
typedef local real_t *lptr_t;
typedef __constant u32 * cptr_t;
typedef __private int * pptr_t;
typedef float4 vec_t;
typedef __global vec_t *gvec_t;
typedef struct { real_t x, y; } pair_t;
typedef __global pair_t *gpair_t;
typedef __local float lfloat;

real_t dot2(pair_t a, pair_t b) { return a.x * b.x + a.y * b.y; }

void accumulate(gptr_t dst, gcptr_t src, lptr_t scratch, pptr_t count)
{
    size_t i = get_local_id(0);
    scratch[i] = src[i];
    *count += 1;
    dst[i] += scratch[i];
}

kernel void typedef_users(gptr_t dst, gcptr_t src, cptr_t lut, gvec_t vecs, gpair_t pairs, lptr_t scratch)
{
    lfloat tmp[8];
    int count = 0;
    pptr_t pc = &count;
    u32 k = lut[get_global_id(0) & 7];
    tmp[k & 7] = dot2(pairs[0], pairs[1]);
    accumulate(dst, src, scratch, pc);
    vec_t v = vecs[0];
    __global real_t *alias = dst;
    alias[0] = v.x + tmp[0] + (real_t)count;
}
