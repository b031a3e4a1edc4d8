// A program-scope pointer to __local cannot hold the address of a __constant struct.
//@ rules: AS-PROGSCOPE-PTR-INIT
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct { float gain; float offset; } calib_t;

constant calib_t calib = {2.0f, 0.5f};
local calib_t *constant calib_ptr = &calib; //~ ERROR AS-PROGSCOPE-PTR-INIT

kernel void calibrate(global float *data)
{
    size_t i = get_global_id(0);
    data[i] = data[i] * calib_ptr->gain + calib_ptr->offset;
}
