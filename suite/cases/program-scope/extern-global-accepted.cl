// With program-scope globals an extern variable may be __global, explicitly or by default.
//@ rules: AS-EXTERN-SPACE
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals
//@ props: storage=program

extern global int hits;

kernel void count(global int *out)
{
    extern int hits;
    hits += 1;
    out[get_global_id(0)] = hits;
}

global int hits;
