// Real-world style: AES-style byte shuffling; SubBytes through an S-box copied from __constant
// into __local memory, ShiftRows with uchar16 swizzles, and xtime-based MixColumns.
//@ rules: AS-CONSTANT-INIT-REQUIRED AS-CONSTANT-READABLE AS-LOCAL-SCOPE AS-KERNEL-ARG-PTR-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

__constant uchar sbox_lo[16] = {
    0x63, 0x7c, 0x77, 0x7b, 0xf2, 0x6b, 0x6f, 0xc5, 0x30, 0x01, 0x67, 0x2b, 0xfe, 0xd7, 0xab, 0x76
};

uchar xtime(uchar b) { return (uchar)((b << 1) ^ ((b & 0x80) ? 0x1b : 0x00)); }

uchar16 shift_rows(uchar16 s)
{
    return (uchar16)(s.s0, s.s5, s.sa, s.sf, s.s4, s.s9, s.se, s.s3,
                     s.s8, s.sd, s.s2, s.s7, s.sc, s.s1, s.s6, s.sb);
}

uchar4 mix_column(uchar4 c)
{
    uchar t = c.x ^ c.y ^ c.z ^ c.w;
    uchar4 r;
    r.x = c.x ^ t ^ xtime(c.x ^ c.y);
    r.y = c.y ^ t ^ xtime(c.y ^ c.z);
    r.z = c.z ^ t ^ xtime(c.z ^ c.w);
    r.w = c.w ^ t ^ xtime(c.w ^ c.x);
    return r;
}

__kernel void aes_round(__global uchar16 *state, __global const uchar16 *round_keys, const int rounds)
{
    __local uchar sbox[256];
    for (int i = get_local_id(0); i < 256; i += get_local_size(0))
        sbox[i] = sbox_lo[i & 15] ^ (uchar)(i & 0xf0);
    barrier(CLK_LOCAL_MEM_FENCE);

    uchar16 s = state[get_global_id(0)] ^ round_keys[0];
    for (int r = 1; r <= rounds; ++r) {
        uchar bytes[16];
        vstore16(s, 0, bytes);
        for (int i = 0; i < 16; ++i)
            bytes[i] = sbox[bytes[i]];
        s = shift_rows(vload16(0, bytes));
        if (r != rounds) {
            uchar4 c0 = mix_column(s.s0123), c1 = mix_column(s.s4567);
            uchar4 c2 = mix_column(s.s89ab), c3 = mix_column(s.scdef);
            s = (uchar16)(c0, c1, c2, c3);
        }
        s ^= round_keys[r];
    }
    state[get_global_id(0)] = s;
}
