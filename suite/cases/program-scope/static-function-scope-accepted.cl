// The 1.x way: a program-scope constant table and automatic variables, no static inside functions.
//@ rules: AS-STATIC-FUNCTION-SCOPE
//@ profiles: CL1.1 CL1.2

constant int table[2] = {3, 5};

int pick(int i)
{
    int j = i & 1;
    return table[j];
}

kernel void k(global int *out)
{
    out[get_global_id(0)] = pick((int)get_global_id(0));
}
