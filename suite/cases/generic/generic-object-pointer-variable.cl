// A pointer variable itself cannot live in generic, even if it points to global.
//@ rules: AS-GENERIC-OBJECT
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

kernel void forward(global int *in, global int *out)
{
    global int *generic src = in + get_global_id(0); //~ ERROR AS-GENERIC-OBJECT
    out[get_global_id(0)] = *src;
}
