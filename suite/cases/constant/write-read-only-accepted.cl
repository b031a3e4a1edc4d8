// Near miss: reading __constant data, and moving or reassigning a pointer to __constant, are not writes to constant memory.
//@ rules: AS-CONSTANT-WRITE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

constant int lut[4] = {1, 2, 3, 4};

int sum(constant int *p, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += *p++;
    return s;
}

kernel void read(constant float4 *params, global float4 *out)
{
    constant int *cursor = lut;
    cursor = cursor + 1;
    constant float4 *restrict pp = params;
    out[get_global_id(0)] = pp[get_global_id(0)] * (float)(sum(lut, 4) + *cursor);
}
