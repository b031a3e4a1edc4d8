// Code that calls to_global only under the feature macro (or OpenCL C 2.0) compiles in every profile.
//@ rules: AS-TO-NAMED-BUILTIN
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

#if defined(__opencl_c_generic_address_space) || __OPENCL_C_VERSION__ == 200
#define HAS_TO_GLOBAL 1
#else
#define HAS_TO_GLOBAL 0
#endif

int in_global(global int *p)
{
#if HAS_TO_GLOBAL
    return to_global(p) != 0;
#else
    return p != 0;
#endif
}

kernel void check(global int *out)
{
    out[get_global_id(0)] = in_global(out);
}
