// A 3-component vector is aligned to the size of 4 components, also as a struct member after a char, in private and __local memory: float3 to 16 bytes, long3 to 32, char3 to 4.
//@ rules: AS-ALIGN
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: form=member elem=vector3
//@ kind: run
//@ launch: addresses 8/4
//@ arg: buffer uint[24] private_rem = 4096
//@ arg: buffer uint[24] local_rem = 4096
//@ arg: scalar uint 0
//@ expect: private_rem[i] == 0
//@ expect: local_rem[i] == 0

struct after_char { char c; float3 f; char d; long3 l; char e; char3 s; };

// zero is 0, passed as an argument so the compiler cannot fold the remainder away.
kernel void addresses(global uint *private_rem, global uint *local_rem, uint zero)
{
    local float3 lf[2];
    local struct after_char ls[2];
    float3 pf[2];
    struct after_char ps[2];
    size_t gi = get_global_id(0);
    size_t k = gi % 2;
    private_rem[gi * 3] = (uint)(((size_t)&pf[k] + zero) % 16) + (uint)(((size_t)&ps[k].f + zero) % 16);
    private_rem[gi * 3 + 1] = (uint)(((size_t)&ps[k].l + zero) % 32);
    private_rem[gi * 3 + 2] = (uint)(((size_t)&ps[k].s + zero) % 4);
    local_rem[gi * 3] = (uint)(((size_t)&lf[k] + zero) % 16) + (uint)(((size_t)&ls[k].f + zero) % 16);
    local_rem[gi * 3 + 1] = (uint)(((size_t)&ls[k].l + zero) % 32);
    local_rem[gi * 3 + 2] = (uint)(((size_t)&ls[k].s + zero) % 4);
}
