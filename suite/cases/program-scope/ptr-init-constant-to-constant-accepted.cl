// Near miss: a __constant pointer to __constant data initialised with the address of a constant array element and struct.
//@ rules: AS-PROGSCOPE-PTR-INIT
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: uses=constant-address-data

typedef struct { int lo; int hi; } bounds_t;

constant int lut[4] = {3, 1, 4, 1};
constant bounds_t limits = {0, 9};
constant int *constant second = &lut[1];
constant bounds_t *constant limits_ptr = &limits;

kernel void lookup(global int *out)
{
    out[get_global_id(0)] = clamp(*second, limits_ptr->lo, limits_ptr->hi);
}
