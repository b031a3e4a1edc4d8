// A union member cannot be declared __local.
//@ rules: AS-STRUCT-FIELD
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef union {
    local float f; //~ ERROR AS-STRUCT-FIELD
    int bits;
} pun_t;

kernel void to_bits(global pun_t *data)
{
    data[get_global_id(0)].bits ^= 1;
}
