// A volatile global pointer cannot be assigned the address of a private variable in a helper.
//@ rules: AS-ASSIGN-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

int poll(volatile global int *flag)
{
    int local_copy = 0;
    volatile global int *p = flag;
    if (*p == 0)
        p = &local_copy; //~ ERROR AS-ASSIGN-CROSS
    return *p;
}

kernel void wait_flag(volatile global int *flag, global int *out)
{
    out[get_global_id(0)] = poll(flag);
}
