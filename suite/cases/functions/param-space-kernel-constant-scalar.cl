// A kernel's by-value argument cannot be declared constant: kernel parameters are private too.
//@ rules: AS-PARAM-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void offset_all(global int *data, constant int n) //~ ERROR AS-PARAM-SPACE
{
    data[get_global_id(0)] += n;
}
