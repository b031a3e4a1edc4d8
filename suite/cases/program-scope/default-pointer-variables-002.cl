// 002's OK examples: int *foo, global int * global ptr and int * global ptr at program scope.
//@ rules: AS-PROGSCOPE-DEFAULT AS-PROGSCOPE-SPACE
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals
//@ props: storage=program

int *foo;
global int * global ptr;
int * global gptr;

kernel void check(global int *out)
{
    ptr = out;
    out[get_global_id(0)] = (foo == 0) + (gptr == 0) + *ptr;
}
