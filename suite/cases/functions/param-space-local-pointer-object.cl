// The pointer parameter itself cannot be __local, even though its pointee may be global.
//@ rules: AS-PARAM-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

void fill(__global int *__local p, int v) //~ ERROR AS-PARAM-SPACE
{
    p[get_global_id(0)] = v;
}

kernel void fill_all(global int *out, int v)
{
    fill(out, v);
}
