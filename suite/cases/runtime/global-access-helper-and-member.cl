// A __global buffer reached through a helper's returned pointer, a struct member, pointer arithmetic, vload/vstore and atomic_add: every access reaches the buffer.
//@ rules: AS-GLOBAL-ACCESS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ kind: run
//@ launch: reach 8/4
//@ arg: buffer int[8] in = i * 3 + 1
//@ arg: buffer int[48] out
//@ arg: buffer int[1] total
//@ expect: out == {1, 1, 1, 1, 1, -1, 4, 4, 4, 4, 4, -4, 7, 7, 7, 7, 7, -7, 10, 10, 10, 10, 10, -10, 13, 13, 13, 13, 13, -13, 16, 16, 16, 16, 16, -16, 19, 19, 19, 19, 19, -19, 22, 22, 22, 22, 22, -22}
//@ expect: total == {92}

struct view { global int *base; int at; };

global int *at(global int *base, int n)
{
    return base + n;
}

kernel void reach(global int *in, global int *out, global int *total)
{
    int i = (int)get_global_id(0);
    struct view v;
    v.base = in;
    v.at = i;
    global int *p = in;
    p += i + 2;
    out[i * 6 + 0] = *at(in, i);
    out[i * 6 + 1] = v.base[v.at];
    out[i * 6 + 2] = *(p - 2);
    out[i * 6 + 3] = vload2(i / 2, in).s0 * (1 - i % 2) + vload2(i / 2, in).s1 * (i % 2);
    vstore2((int2)(in[i], -in[i]), 0, out + i * 6 + 4);
    atomic_add(total, in[i]);
}
