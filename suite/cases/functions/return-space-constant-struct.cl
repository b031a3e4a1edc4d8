// A struct returned by value cannot be qualified constant.
//@ rules: AS-RETURN-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct {
    float re;
    float im;
} cplx_t;

constant cplx_t conj(cplx_t z) //~ ERROR AS-RETURN-SPACE
{
    cplx_t r = { z.re, -z.im };
    return r;
}

kernel void conjugate(global cplx_t *zs)
{
    size_t i = get_global_id(0);
    zs[i] = conj(zs[i]);
}
