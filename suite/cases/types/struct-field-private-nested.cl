// A member of a nested struct cannot be declared __private either.
//@ rules: AS-STRUCT-FIELD
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

struct outer {
    int id;
    struct {
        private float4 pos; //~ ERROR AS-STRUCT-FIELD
        float mass;
    } body;
};

kernel void weigh(global struct outer *os, global float *out)
{
    out[get_global_id(0)] = os[get_global_id(0)].body.mass;
}
