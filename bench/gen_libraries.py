#!/usr/bin/env python3
"""Writes two more whole-process benchmark inputs of the checker, deterministically (every name
and constant is a function of its index), rebuilt rather than committed:

    python3 bench/gen_libraries.py OUT_DIR

OUT_DIR/crypt/include/  a kernel library as password-cracking projects ship it: 24 files
                        (`.h` for types and vendor macros, `.cl` for hash and cipher rounds),
                        about 2.6 MB together: include guards, `#if` chains on vendor and
                        architecture macros (IS_NV, IS_AMD, HAS_LOP3, ...), rotate and step
                        macros expanded hundreds of times, and `inline` round functions
OUT_DIR/crypt/kernels/  3 small kernels, each including the whole library
OUT_DIR/relativity.cl   one kernel of about 280 KB: one huge function of generated
                        floating-point arithmetic (thousands of `const double` temporaries),
                        as numerical-relativity code generators emit

Every kernel is valid OpenCL C 1.2 (clang-16 and the checker accept it) with
`-I OUT_DIR/crypt/include`.
"""

import os
import sys

HASHES = ["md4", "md5", "sha1", "sha224", "sha256", "sha384", "sha512", "ripemd160",
          "whirlpool", "streebog", "blake2b", "keccak", "des", "aes", "serpent", "twofish",
          "camellia", "kuznyechik", "gost", "bcrypt"]


def vendor_header():
    out = ["#ifndef INC_VENDOR_H\n#define INC_VENDOR_H\n\n"]
    # The chain a library walks to learn the device it is compiled for.
    out.append(
        "#if defined __APPLE__\n#define IS_APPLE\n"
        "#elif defined cl_nv_pragma_unroll\n#define IS_NV\n"
        "#elif defined cl_amd_media_ops\n#define IS_AMD\n"
        "#elif defined __INTEL_OPENCL__\n#define IS_INTEL\n"
        "#else\n#define IS_GENERIC\n#endif\n\n"
        "#if defined IS_NV\n#define HAS_LOP3 1\n#define HAS_PRMT 1\n"
        "#elif defined IS_AMD\n#define HAS_VPERM 1\n#define HAS_VADD3 1\n"
        "#else\n#define HAS_LOP3 0\n#define HAS_VPERM 0\n#endif\n\n"
        "#if defined IS_NV || defined IS_AMD\n#define DECLSPEC inline\n#else\n#define DECLSPEC\n#endif\n"
        "#define KERNEL_FQ kernel\n#define GLOBAL_AS global\n#define LOCAL_AS local\n"
        "#define CONSTANT_AS constant\n#define PRIVATE_AS\n"
        "#define MAYBE_UNUSED __attribute__((unused))\n\n"
    )
    for v in range(400):
        out.append(
            f"#if defined IS_NV && VECT_SIZE == {v % 16 + 1}\n"
            f"#define VENDOR_TUNE_{v} {v * 3 + 1}\n"
            f"#elif defined IS_AMD && (VECT_SIZE > {v % 8} || HAS_VPERM)\n"
            f"#define VENDOR_TUNE_{v} {v * 5 + 2}\n"
            f"#elif defined IS_INTEL\n"
            f"#define VENDOR_TUNE_{v} {v + 7}\n"
            f"#else\n"
            f"#define VENDOR_TUNE_{v} {v % 32 + 1}\n"
            f"#endif\n"
        )
    out.append("\n#endif\n")
    return "".join(out)


def types_header():
    out = ["#ifndef INC_TYPES_H\n#define INC_TYPES_H\n\n#include \"inc_vendor.h\"\n\n"]
    out.append(
        "#ifndef VECT_SIZE\n#define VECT_SIZE 1\n#endif\n"
        "typedef uchar  u8;\ntypedef ushort u16;\ntypedef uint   u32;\ntypedef ulong  u64;\ntypedef uint   u32a;\n"
        "#if VECT_SIZE == 1\ntypedef uint u32x;\ntypedef ulong u64x;\n"
        "#elif VECT_SIZE == 2\ntypedef uint2 u32x;\ntypedef ulong2 u64x;\n"
        "#elif VECT_SIZE == 4\ntypedef uint4 u32x;\ntypedef ulong4 u64x;\n"
        "#else\ntypedef uint8 u32x;\ntypedef ulong8 u64x;\n#endif\n\n"
        # Scalar helpers are functions, as libraries write them: the overloaded built-in is
        # called once, not at every step.
        "DECLSPEC u32 hc_rotl32_S (const u32 a, const int n) { return rotate (a, (u32) n); }\n"
        "DECLSPEC u32 hc_rotr32_S (const u32 a, const int n) { return rotate (a, (u32) (32 - n)); }\n"
        "DECLSPEC u32 hc_add3_S (const u32 a, const u32 b, const u32 c) { return a + b + c; }\n"
        "#define hc_rotl32(a, n) hc_rotl32_S ((a), (n))\n"
        "#define hc_rotr32(a, n) hc_rotr32_S ((a), (n))\n"
        "#define hc_add3(a, b, c) hc_add3_S ((a), (b), (c))\n"
        "#if HAS_LOP3\n#define hc_lop_0x96(a, b, c) ((a) ^ (b) ^ (c))\n"
        "#else\n#define hc_lop_0x96(a, b, c) (((a) ^ (b)) ^ (c))\n#endif\n"
        "#define hc_swap32(v) ((((v) & 0xff000000u) >> 24) | (((v) & 0x00ff0000u) >> 8) | "
        "(((v) & 0x0000ff00u) << 8) | (((v) & 0x000000ffu) << 24))\n\n"
    )
    for s in range(60):
        out.append(
            f"typedef struct ctx_{s}\n{{\n    u32 h[{s % 8 + 8}];\n    u32 w0[4];\n    u32 w1[4];\n"
            f"    u32 w2[4];\n    u32 w3[4];\n    int len;\n}} ctx_{s}_t;\n\n"
        )
    out.append("#endif\n")
    return "".join(out)


def hash_file(i, name, funcs, steps):
    """One hash or cipher: its constants, step macros and `funcs` round functions."""
    up = name.upper()
    g = f"INC_HASH_{up}_{i}_CL"
    out = [f"#ifndef {g}\n#define {g}\n\n#include \"inc_types.h\"\n\n"]
    out.append(
        f"#define {up}_F(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))\n"
        f"#define {up}_G(x, y, z) ((y) ^ ((z) & ((x) ^ (y))))\n"
        f"#define {up}_H(x, y, z) hc_lop_0x96 ((x), (y), (z))\n"
        f"#define {up}_I(x, y, z) ((y) ^ ((x) | ~(z)))\n"
        f"#define {up}_STEP(f, a, b, c, d, x, K, s) \\\n"
        f"{{ \\\n    a += K; \\\n    a = hc_add3 (a, x, f (b, c, d)); \\\n"
        f"    a = hc_rotl32 (a, s); \\\n    a += b; \\\n}}\n"
        f"#if defined IS_AMD && HAS_VADD3\n#define {up}_STEP0(f, a, b, c, d, K, s) {{ a = hc_add3 (a, K, f (b, c, d)); a = hc_rotl32 (a, s); a += b; }}\n"
        f"#elif defined IS_NV && HAS_LOP3\n#define {up}_STEP0(f, a, b, c, d, K, s) {{ a += K + f (b, c, d); a = hc_rotl32 (a, s); a += b; }}\n"
        f"#else\n#define {up}_STEP0(f, a, b, c, d, K, s) {{ a += K; a += f (b, c, d); a = hc_rotl32 (a, s); a += b; }}\n#endif\n\n"
    )
    out.append(f"CONSTANT_AS u32 k_{name}_{i}[64] =\n{{\n")
    out.append(",\n".join(f"    0x{(0x9e3779b9 * (j + 1) + i * 7919) & 0xffffffff:08x}u" for j in range(64)))
    out.append("\n};\n\n")
    # S-box tables, eight words a line, as cipher code ships them.
    for t in range(2):
        out.append(f"CONSTANT_AS u32a s_{name}_{i}_{t}[256] =\n{{\n")
        rows = []
        for r in range(32):
            words = ", ".join(f"0x{(0x2545f491 * (r * 8 + c + 1) * (t + 3) + i) & 0xffffffff:08x}" for c in range(8))
            rows.append(f"    {words}")
        out.append(",\n".join(rows))
        out.append("\n};\n\n")
    # Inline assembly for one vendor, never compiled elsewhere.
    out.append(
        f"#if defined IS_NV && HAS_PRMT\nDECLSPEC u32 {name}_{i}_byte_perm (const u32 a, const u32 b, const u32 c)\n{{\n"
        f"    u32 r;\n    asm volatile (\"prmt.b32 %0, %1, %2, %3;\" : \"=r\"(r) : \"r\"(a), \"r\"(b), \"r\"(c));\n    return r;\n}}\n"
        f"#else\nDECLSPEC u32 {name}_{i}_byte_perm (const u32 a, const u32 b, const u32 c)\n{{\n"
        f"    const u64 t = ((u64) a << 32) | (u64) b;\n    return (u32) (t >> ((c & 3) * 8));\n}}\n#endif\n\n"
    )
    fs = [f"{up}_F", f"{up}_G", f"{up}_H", f"{up}_I"]
    for f in range(funcs):
        out.append(
            f"DECLSPEC void {name}_{i}_transform_{f} (PRIVATE_AS const u32 *w0, PRIVATE_AS const u32 *w1, "
            f"PRIVATE_AS const u32 *w2, PRIVATE_AS const u32 *w3, PRIVATE_AS u32 *digest)\n{{\n"
            "    u32 a = digest[0];\n    u32 b = digest[1];\n    u32 c = digest[2];\n    u32 d = digest[3];\n\n"
            "    u32 t0 = w0[0], t1 = w0[1], t2 = w0[2], t3 = w0[3];\n"
            "    u32 t4 = w1[0], t5 = w1[1], t6 = w1[2], t7 = w1[3];\n"
            "    u32 t8 = w2[0], t9 = w2[1], ta = w2[2], tb = w2[3];\n"
            "    u32 tc = w3[0], td = w3[1], te = w3[2], tf = w3[3];\n\n"
        )
        regs = ["a", "b", "c", "d"]
        ts = ["t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t9", "ta", "tb", "tc", "td", "te", "tf"]
        for s in range(steps):
            r = regs[(4 - s % 4) % 4:] + regs[:(4 - s % 4) % 4]
            fn = fs[(s // 16 + f) % 4]
            k = f"0x{(0x5a827999 + s * 0x1234567 + f * 31 + i) & 0xffffffff:08x}u"
            if s % 5 == 4:
                out.append(f"    {up}_STEP0 ({fn}, {r[0]}, {r[1]}, {r[2]}, {r[3]}, {k}, {(s * 7) % 25 + 4});\n")
            else:
                out.append(f"    {up}_STEP ({fn}, {r[0]}, {r[1]}, {r[2]}, {r[3]}, {ts[(s * 5 + f) % 16]}, {k}, {(s * 7) % 25 + 4});\n")
            if s % 16 == 15:
                out.append(
                    f"#if VENDOR_TUNE_{(s + f + i) % 400} > 8\n"
                    f"    a ^= hc_rotr32 (b, {s % 31 + 1});\n#else\n"
                    f"    a += hc_swap32 (b) + k_{name}_{i}[{s % 64}];\n#endif\n"
                )
        out.append(
            "\n    digest[0] += a;\n    digest[1] += b;\n    digest[2] += c;\n    digest[3] += d;\n}\n\n"
        )
        out.append(
            f"DECLSPEC void {name}_{i}_update_{f} (PRIVATE_AS ctx_{(i + f) % 60}_t *ctx, PRIVATE_AS const u32 *w, const int len)\n{{\n"
            f"    const int pos = ctx->len & 63;\n    ctx->len += len;\n"
            f"    if ((pos + len) < 64)\n    {{\n"
            f"        for (int j = 0; j < 4; j++) ctx->w0[j] |= w[j];\n        return;\n    }}\n"
            f"    {name}_{i}_transform_{f} (ctx->w0, ctx->w1, ctx->w2, ctx->w3, ctx->h);\n"
            f"    for (int j = 0; j < 4; j++)\n    {{\n"
            f"        ctx->w0[j] = w[j];\n        ctx->w1[j] = 0;\n        ctx->w2[j] = 0;\n        ctx->w3[j] = 0;\n    }}\n}}\n\n"
        )
    out.append(f"#endif /* {g} */\n")
    return "".join(out)


def crypt_kernel(k, files):
    out = [f"/* Attack kernel {k}: the whole library, one hash. */\n\n#define VECT_SIZE {1 << (k % 3)}\n\n"]
    out.append("#include \"inc_vendor.h\"\n#include \"inc_types.h\"\n")
    for f in files:
        out.append(f"#include \"{f}\"\n")
    i = k * 5 % len(HASHES)
    name = HASHES[i]
    out.append(
        f"\nKERNEL_FQ void m{k:05}_mxx (GLOBAL_AS const u32 *pws, GLOBAL_AS u32 *digests, LOCAL_AS u32 *s_tab, const u32 gid_max)\n{{\n"
        f"    const u32 gid = get_global_id (0);\n    const u32 lid = get_local_id (0);\n"
        f"    s_tab[lid] = k_{name}_{i}[lid & 63];\n    barrier (CLK_LOCAL_MEM_FENCE);\n"
        f"    if (gid >= gid_max) return;\n"
        f"    u32 w0[4], w1[4], w2[4], w3[4], digest[4];\n"
        f"    for (int j = 0; j < 4; j++)\n    {{\n"
        f"        w0[j] = pws[gid * 16 + j];\n        w1[j] = pws[gid * 16 + 4 + j];\n"
        f"        w2[j] = pws[gid * 16 + 8 + j];\n        w3[j] = pws[gid * 16 + 12 + j] ^ s_tab[j];\n"
        f"        digest[j] = 0x67452301u + j;\n    }}\n"
        f"    {name}_{i}_transform_{k} (w0, w1, w2, w3, digest);\n"
        f"    for (int j = 0; j < 4; j++) digests[gid * 4 + j] = digest[j];\n}}\n"
    )
    return "".join(out)


def relativity():
    """One kernel with one huge function: generated arithmetic on thousands of temporaries."""
    fields = ["gxx", "gxy", "gxz", "gyy", "gyz", "gzz", "Kxx", "Kxy", "Kxz", "Kyy", "Kyz", "Kzz",
              "alpha", "betax", "betay", "betaz", "phi", "trK"]
    out = ["/* Generated right-hand side of an evolution system: one function, no includes. */\n\n"]
    out.append("kernel void rhs(global const double *restrict in, global double *restrict out, const int nx, const int ny, const double idx)\n{\n")
    out.append("    const int i = get_global_id(0);\n    const int j = get_global_id(1);\n    const int k = get_global_id(2);\n")
    out.append("    const int p = i + nx * (j + ny * k);\n    const int n = nx * ny * get_global_size(2);\n")
    for f, name in enumerate(fields):
        out.append(f"    const double {name} = in[p + {f} * n];\n")
        out.append(f"    const double d{name}x = (in[p + 1 + {f} * n] - in[p - 1 + {f} * n]) * 0.5 * idx;\n")
    t = 0
    while sum(len(s) for s in out) < 280_000:
        a = fields[(t * 7) % len(fields)]
        b = f"t{t - 1 - (t * 13) % min(t, 40)}" if t > 0 else fields[3]
        c = f"t{t - 1 - (t * 29) % min(t, 97)}" if t > 1 else fields[5]
        e = fields[(t * 11 + 3) % len(fields)]
        form = t % 4
        if form == 0:
            out.append(f"    const double t{t} = {a} * {b} + 0.5 * d{e}x * {c} - {(t % 17) + 1}.0 * {e};\n")
        elif form == 1:
            out.append(f"    const double t{t} = ({b} - {c}) * ({a} + {e}) * 0.{t % 97 + 1} + sqrt(fabs({b}));\n")
        elif form == 2:
            out.append(f"    const double t{t} = {c} * {c} * d{a}x - {b} / (1.0 + {e} * {e}) + {t % 5}.25;\n")
        else:
            out.append(f"    const double t{t} = -(({a} * d{e}x) - ({b} * {c})) * (1.0 / 3.0) + {e} * 2.0;\n")
        t += 1
    for f in range(len(fields)):
        out.append(f"    out[p + {f} * n] = t{t - 1 - f} * {f + 1}.0 + t{(t * (f + 3)) // 7 % t};\n")
    out.append("}\n")
    return "".join(out)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = sys.argv[1]
    inc = os.path.join(root, "crypt", "include")
    kdir = os.path.join(root, "crypt", "kernels")
    os.makedirs(inc, exist_ok=True)
    os.makedirs(kdir, exist_ok=True)
    with open(os.path.join(inc, "inc_vendor.h"), "w") as f:
        f.write(vendor_header())
    with open(os.path.join(inc, "inc_types.h"), "w") as f:
        f.write(types_header())
    files = []
    for i, name in enumerate(HASHES):
        fname = f"inc_hash_{name}.cl"
        with open(os.path.join(inc, fname), "w") as f:
            f.write(hash_file(i, name, 22, 64))
        files.append(fname)
    for k in range(3):
        with open(os.path.join(kdir, f"m{k:05}.cl"), "w") as f:
            f.write(crypt_kernel(k, files))
    with open(os.path.join(root, "relativity.cl"), "w") as f:
        f.write(relativity())


main()
