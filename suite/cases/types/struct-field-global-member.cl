// A struct member cannot be declared __global.
//@ rules: AS-STRUCT-FIELD
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

struct counter {
    global int count; //~ ERROR AS-STRUCT-FIELD
    int step;
};

kernel void bump(global struct counter *cs)
{
    cs[get_global_id(0)].step += 1;
}
