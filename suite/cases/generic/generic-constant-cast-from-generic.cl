// A generic pointer cannot be cast to a constant pointer.
//@ rules: AS-GENERIC-CONSTANT
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

int peek(generic int *p)
{
    constant int *c = (constant int *)p; //~ ERROR AS-GENERIC-CONSTANT
    return *c;
}

kernel void peeks(global int *data, global int *out)
{
    out[get_global_id(0)] = peek(data);
}
