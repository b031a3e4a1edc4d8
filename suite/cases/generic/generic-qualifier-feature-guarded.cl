// Code that names generic only under the feature macro (or OpenCL C 2.0) compiles everywhere.
//@ rules: AS-GENERIC-QUALIFIER
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

#if defined(__opencl_c_generic_address_space) || __OPENCL_C_VERSION__ == 200
#define ANY_SPACE generic
#else
#define ANY_SPACE private
#endif

int twice(ANY_SPACE const int *p)
{
    return 2 * *p;
}

kernel void doubles(global int *out)
{
    int v = (int)get_global_id(0);
    out[get_global_id(0)] = twice(&v);
}
