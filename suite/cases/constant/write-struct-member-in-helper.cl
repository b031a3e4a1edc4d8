// A non-kernel function cannot write a struct member through a pointer to __constant.
//@ rules: AS-CONSTANT-WRITE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct { int count; float scale; } config_t;

void tune(constant config_t *cfg)
{
    cfg->count++; //~ ERROR AS-CONSTANT-WRITE
}

kernel void run(constant config_t *cfg, global float *out)
{
    tune(cfg);
    out[get_global_id(0)] = cfg->scale * (float)cfg->count;
}
