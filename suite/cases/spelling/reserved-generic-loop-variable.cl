// Where the generic space exists, __generic cannot name a loop counter.
//@ rules: AS-RESERVED-GENERIC
//@ profiles: CL2.0 CL3.0+generic CL3.0+generic+globals

kernel void count_set(global const uint *words, global uint *out)
{
    uint w = words[get_global_id(0)];
    uint bits = 0;
    for (int __generic = 0; __generic < 32; ++__generic) bits += (w >> __generic) & 1u; //~ ERROR AS-RESERVED-GENERIC
    out[get_global_id(0)] = bits;
}
