// With program-scope globals, __global program-scope variables of struct and vector type and a pointer to a user-defined type are valid.
//@ rules: AS-PROGSCOPE-SPACE
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals
//@ props: storage=program

struct particle { float4 pos; float4 vel; };

global struct particle origin;
__global float4 gravity = (float4)(0.0f, -9.8f, 0.0f, 0.0f);
global struct particle *global last_moved;

kernel void step(global struct particle *ps, float dt)
{
    size_t i = get_global_id(0);
    ps[i].vel += gravity * dt;
    ps[i].pos = origin.pos + ps[i].vel * dt;
    last_moved = &ps[i];
}
