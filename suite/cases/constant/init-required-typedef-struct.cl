// A program-scope __constant struct declared through a typedef must be initialised.
//@ rules: AS-CONSTANT-INIT-REQUIRED
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct { float lo; float hi; } range_t;

__constant range_t range; //~ ERROR AS-CONSTANT-INIT-REQUIRED

kernel void clip(global float *data)
{
    data[get_global_id(0)] = clamp(data[get_global_id(0)], range.lo, range.hi);
}
