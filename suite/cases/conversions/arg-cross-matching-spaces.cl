// Each helper gets a pointer to its own parameter's space (with const and volatile added): fine everywhere.
//@ rules: AS-ARG-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

float from_global(const global float *p) { return p[0]; }
float from_local(volatile local float *p) { return p[0]; }
float from_constant(constant float *p) { return p[0]; }
float from_private(private const float *p) { return p[0]; }

kernel void gather(global float *data, local float *tile, constant float *k)
{
    float mine = 2.0f;
    size_t l = get_local_id(0);
    tile[l] = data[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    data[get_global_id(0)] = from_global(data) + from_local(tile + l) + from_constant(k) + from_private(&mine);
}
