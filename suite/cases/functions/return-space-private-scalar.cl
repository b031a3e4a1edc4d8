// A function cannot return a private int: return values have no address space.
//@ rules: AS-RETURN-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

private int square(int x) //~ ERROR AS-RETURN-SPACE
{
    return x * x;
}

kernel void squares(global int *data)
{
    size_t i = get_global_id(0);
    data[i] = square(data[i]);
}
