#!/usr/bin/env python3
"""Writes the whole-process benchmark inputs of the checker, deterministically (no randomness:
every name and constant is a function of its index), so they are rebuilt rather than committed.

    python3 bench/gen_kernels.py OUT_DIR

OUT_DIR/big.cl          5,400 kernels of 8 lines, about 1.6 MB, no includes
OUT_DIR/proj/include/   8 project headers, about 60 KB each: include guards, object- and
                        function-like macros, typedefs, structs with pointers into each address
                        space, and `inline` helpers that use the macros
OUT_DIR/proj/kernels/   6 kernels, each including 5 to 8 of the headers (300 to 480 KB of
                        headers per kernel) (each header includes its predecessor)

Every kernel is valid OpenCL C 1.2 (clang-16 and the checker accept it) with
`-I OUT_DIR/proj/include`.
"""

import os
import sys

SPACES = ["global", "local", "constant", "private"]


def big_kernel():
    out = []
    for k in range(5400):
        c = k % 97
        out.append(
            f"kernel void scale_{k}(global float *dst, global const float *src, local float *tile, int n)\n"
            "{\n"
            f"    int i = get_global_id(0), l = get_local_id(0);\n"
            f"    float x = src[i] * {c}.5f + (float)(n + {k % 13});\n"
            "    tile[l] = x;\n"
            "    barrier(CLK_LOCAL_MEM_FENCE);\n"
            f"    dst[i] = tile[(l + {k % 7}) % get_local_size(0)] - x;\n"
            "}\n"
        )
    return "".join(out)


def header(h, units):
    """Header `h`: `units` groups of macros, a struct and inline helpers."""
    g = f"PROJ_H{h}_INCLUDED"
    out = [f"#ifndef {g}\n#define {g}\n"]
    if h > 0:
        # Headers include their predecessor: the guard stops the second reading.
        out.append(f'#include "h{h - 1}.h"\n')
    for u in range(units):
        p = f"h{h}u{u}"
        out.append(
            f"\n/* Group {u} of header {h}: constants, accessors and helpers. */\n"
            f"#define {p.upper()}_N ({u % 17 + 4})\n"
            f"#define {p.upper()}_SCALE {u % 9}.25f\n"
            f"#define {p.upper()}_AT(a, i, j) ((a)[(i) * {p.upper()}_N + (j)])\n"
            f"#define {p.upper()}_MIX(x, y) (((x) * {p.upper()}_SCALE) + ((y) - {p.upper()}_SCALE))\n"
            f"#define {p.upper()}_CLAMP(v) ((v) < 0 ? 0 : ((v) >= {p.upper()}_N ? {p.upper()}_N - 1 : (v)))\n"
            f"#if {p.upper()}_N > 12\n"
            f"#define {p.upper()}_WIDE 1\n"
            f"#else\n"
            f"#define {p.upper()}_WIDE 0\n"
            f"#endif\n"
            f"typedef struct {p}_s {{\n"
            f"    int count;\n"
            f"    float weight[{p.upper()}_N];\n"
            f"    global float *data;\n"
            f"    constant float *coef;\n"
            f"}} {p}_t;\n"
            f"inline float {p}_load(global const float *a, int i, int j)\n"
            f"{{\n"
            f"    return {p.upper()}_AT(a, {p.upper()}_CLAMP(i), {p.upper()}_CLAMP(j));\n"
            f"}}\n"
            f"inline float {p}_mix(float x, float y)\n"
            f"{{\n"
            f"    float r = {p.upper()}_MIX(x, y);\n"
            f"#if {p.upper()}_WIDE\n"
            f"    r = r * 0.5f + {p.upper()}_MIX(y, x);\n"
            f"#endif\n"
            f"    return r;\n"
            f"}}\n"
            f"inline void {p}_tile(local float *t, global const float *a, int n)\n"
            f"{{\n"
            f"    int l = get_local_id(0);\n"
            f"    for (int k = l; k < n && k < {p.upper()}_N; k += get_local_size(0))\n"
            f"        t[k] = {p}_mix(a[k], (float)k);\n"
            f"    barrier(CLK_LOCAL_MEM_FENCE);\n"
            f"}}\n"
        )
    out.append(f"\n#endif /* {g} */\n")
    return "".join(out)


def kernel(k, headers):
    out = [f"/* Kernel file {k}: includes {len(headers)} project headers. */\n"]
    for h in headers:
        out.append(f'#include "h{h}.h"\n')
    for j, h in enumerate(headers):
        p = f"h{h}u{(k * 7 + j) % 60}"
        out.append(
            f"\nkernel void run_{k}_{j}(global float *dst, global const float *src, local float *t, int n)\n"
            "{\n"
            f"    {p}_tile(t, src, n);\n"
            f"    int i = get_global_id(0);\n"
            f"    dst[i] = {p}_load(src, i, {j}) + {p}_mix(t[get_local_id(0)], {p.upper()}_SCALE);\n"
            "}\n"
        )
    return "".join(out)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = sys.argv[1]
    inc = os.path.join(root, "proj", "include")
    kdir = os.path.join(root, "proj", "kernels")
    os.makedirs(inc, exist_ok=True)
    os.makedirs(kdir, exist_ok=True)
    with open(os.path.join(root, "big.cl"), "w") as f:
        f.write(big_kernel())
    for h in range(8):
        with open(os.path.join(inc, f"h{h}.h"), "w") as f:
            f.write(header(h, 60))
    # Which headers each kernel names (each pulls its predecessors in too).
    picks = [[4], [5, 2], [6], [7, 0], [5, 6], [7]]
    for k, hs in enumerate(picks):
        with open(os.path.join(kdir, f"k{k}.cl"), "w") as f:
            f.write(kernel(k, hs))


main()
