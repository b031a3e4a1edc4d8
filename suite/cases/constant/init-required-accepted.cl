// Near miss: __constant variables at program and kernel scope, each initialised (scalar, vector, array, struct, pointer).
//@ rules: AS-CONSTANT-INIT-REQUIRED
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: uses=constant-address-data

typedef struct { float lo; float hi; } range_t;

constant float coeffs[3] = {1.0f, 0.5f, 0.25f};
__constant range_t range = {-1.0f, 1.0f};
constant float *constant coeffs_ptr = coeffs;

kernel void poly(global float4 *data)
{
    constant float4 bias = (float4)(0.0f, 0.1f, 0.2f, 0.3f);
    __constant int tail[2] = {0};
    float4 x = data[get_global_id(0)];
    float4 y = coeffs_ptr[0] + x * (coeffs[1] + x * coeffs[2]) + bias + (float)tail[1];
    data[get_global_id(0)] = clamp(y, range.lo, range.hi);
}
