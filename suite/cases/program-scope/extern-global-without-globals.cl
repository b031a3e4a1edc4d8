// Without program-scope globals an extern __global variable names no valid space.
//@ rules: AS-EXTERN-SPACE
//@ profiles: CL1.2 CL3.0 CL3.0+generic
//@ props: context=extern-program space=global

extern global int hits; //~ ERROR AS-EXTERN-SPACE

kernel void count(global int *out)
{
    out[get_global_id(0)] = hits;
}
