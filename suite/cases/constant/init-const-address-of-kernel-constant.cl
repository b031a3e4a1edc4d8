// A kernel-scope __constant variable is allocated in the constant pool for the whole program,
// like a program-scope one: its address is an address constant, so it can initialise another
// __constant variable (a pointer to it). Its value still cannot.
//@ rules: AS-CONSTANT-INIT-CONST
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: scope=kernel space=constant init=constant-variable

kernel void k(global int *out)
{
    constant int table[2] = {3, 4};
    constant int one = 1;
    constant int *constant first = &table[0];
    constant int *constant p = &one;
    constant int copy = one; //~ ERROR AS-CONSTANT-INIT-CONST
    out[0] = *first + *p + copy;
}
