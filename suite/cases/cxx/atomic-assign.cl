// C++ for OpenCL keeps OpenCL C's atomics: `=` on an atomic object is an error.
//@ rules: AS-ATOMIC-ASSIGN
//@ profiles: CLC++2021

kernel void k(global atomic_int *counts)
{
    atomic_int mine;
    mine = 1;    //~ ERROR AS-ATOMIC-ASSIGN
    *counts = 2; //~ ERROR AS-ATOMIC-ASSIGN
}
