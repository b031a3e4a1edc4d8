// Before OpenCL C 2.0 there are no static variables inside functions, whatever their space.
//@ rules: AS-STATIC-FUNCTION-SCOPE
//@ profiles: CL1.1 CL1.2

kernel void k(global int *out)
{
    static constant int table[2] = {3, 5}; //~ ERROR AS-STATIC-FUNCTION-SCOPE
    out[get_global_id(0)] = table[get_global_id(0) & 1];
}
