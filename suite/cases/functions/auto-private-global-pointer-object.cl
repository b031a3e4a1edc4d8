// A pointer variable in a nested block cannot itself live in global, whatever it points to.
//@ rules: AS-AUTO-PRIVATE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void forward(global int *out, global const int *in)
{
    size_t i = get_global_id(0);
    if (i < 64) {
        global const int *global src = in + i; //~ ERROR AS-AUTO-PRIVATE
        out[i] = *src;
    }
}
