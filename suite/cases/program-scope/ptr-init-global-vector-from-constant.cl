// Where program-scope globals exist, a __global pointer variable to __global float4 cannot point at a __constant float4.
//@ rules: AS-PROGSCOPE-PTR-INIT
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals

constant float4 weights = (float4)(0.1f, 0.2f, 0.3f, 0.4f);
global float4 *global cursor = &weights; //~ ERROR AS-PROGSCOPE-PTR-INIT

kernel void weigh(global float4 *data)
{
    data[get_global_id(0)] *= *cursor;
}
