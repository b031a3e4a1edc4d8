// 002 lists "global int *bad_ptr; // Error. No implicit address space", against its normative text: the pointer defaults to __global, so it is accepted.
//@ rules: AS-PROGSCOPE-DEFAULT
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals
//@ props: storage=program

global int *bad_ptr;

kernel void remember(global int *buf)
{
    bad_ptr = buf;
    bad_ptr[get_global_id(0)] += 1;
}
