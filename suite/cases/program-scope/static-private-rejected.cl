// A static variable cannot be __private.
//@ rules: AS-STATIC-SPACE
//@ profiles: CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

float smooth(float x)
{
    static __private float last; //~ ERROR AS-STATIC-SPACE
    last = 0.5f * (last + x);
    return last;
}

kernel void filter(global float *data)
{
    data[get_global_id(0)] = smooth(data[get_global_id(0)]);
}
