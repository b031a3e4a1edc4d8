// 002's static examples: static int and static global int at program scope are __global with internal linkage.
//@ rules: AS-PROGSCOPE-DEFAULT AS-PROGSCOPE-SPACE
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals
//@ props: storage=program

static int launches;
static global int bat;

kernel void bump(global int *out)
{
    global int *l = &launches;
    if (get_global_id(0) == 0) {
        *l += 1;
        bat = *l * 2;
    }
    out[get_global_id(0)] = bat;
}
