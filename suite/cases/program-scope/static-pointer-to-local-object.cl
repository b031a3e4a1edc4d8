// The space of a static pointer is its own, not its pointee's: static local float *p is a __global object, valid only with program-scope globals.
//@ rules: AS-STATIC-SPACE
//@ profiles: CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: context=static-helper space=none type=pointer storage=static-helper uses=written-static

kernel void stage(global const float *in, local float *scratch, global float *out)
{
    static local float *stage_ptr; //~ ERROR[CL3.0,CL3.0+generic] AS-STATIC-SPACE
    stage_ptr = scratch;
    stage_ptr[get_local_id(0)] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = stage_ptr[0];
}
