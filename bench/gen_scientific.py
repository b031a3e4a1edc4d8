#!/usr/bin/env python3
"""Writes kernels shaped like generated numerical-relativity code (the Kranc/Einstein Toolkit
style), deterministically, rebuilt rather than committed:

    python3 bench/gen_scientific.py OUT_DIR

OUT_DIR/sci/rhs.cl          about 280 KB, half of it operator definitions (eight families,
                            each a macro with an inactive function alternative under
                            `#ifndef KRANC_DIFF_FUNCTIONS`): a vector-width `#if` ladder choosing `double4` and
                            `vload4`, arithmetic macros (`kmul`, `kmadd`, ...), finite-difference
                            operators written as nested function-like macro calls
                            (`kmul(p1o2dx,ksub(KRANC_GFOFFSET3D(u,1,0,0),KRANC_GFOFFSET3D(u,-1,0,0)))`,
                            each offset itself three macros deep), a `switch` on the
                            difference order around every derivative, and long expressions of
                            nested macro calls whose arguments are macro calls
OUT_DIR/sci/constraints.cl  its sibling, about 280 KB: one operator family, fewer derivatives,
                            longer expressions

Both are valid OpenCL C 1.2 with `-D VECTOR_SIZE_I=4` (clang-16 and the checker accept them).
"""

import os
import sys

FIELDS = ["alpha", "phi", "trK", "gt11", "gt12", "gt13", "gt22", "gt23", "gt33", "At11",
          "At12", "At13", "At22", "At23", "At33", "Xt1", "Xt2", "Xt3", "beta1", "beta2",
          "beta3", "B1", "B2", "B3"]
DIRS = ["x", "y", "z"]

PRELUDE = r"""// Generated evolution kernel: one function, macros over vector types.
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#define CCTK_ATTRIBUTE_UNUSED __attribute__((__unused__))

#if VECTOR_SIZE_I == 1
#  define doubleV double
#  define vloadV(i,p) ((p)[i])
#  define vstoreV(x,i,p) ((p)[i]=(x))
#elif VECTOR_SIZE_I == 2
#  define doubleV double2
#  define vloadV vload2
#  define vstoreV vstore2
#elif VECTOR_SIZE_I == 4
#  define doubleV double4
#  define vloadV vload4
#  define vstoreV vstore4
#elif VECTOR_SIZE_I == 8
#  define doubleV double8
#  define vloadV vload8
#  define vstoreV vstore8
#else
#  error
#endif

#define CCTK_REAL double
#define CCTK_REAL_VEC doubleV
#define ToReal(x) ((CCTK_REAL_VEC)(CCTK_REAL)(x))

#define vec_loada(p) (* (CCTK_REAL_VEC const global *) & (p))
#define vec_loadu(p) vloadV(0, & (p))
#if VECTORISE_ALIGNED_ARRAYS
#  define vec_load(p) vec_loada(p)
#  define vec_loadu_maybe3(off1,off2,off3,p) ((off1) % VECTOR_SIZE_I == 0 ? vec_loada(p) : vec_loadu(p))
#else
#  define vec_load(p) vec_loadu(p)
#  define vec_loadu_maybe3(off1,off2,off3,p) vec_loadu(p)
#endif
#define vec_store_nta(p,x) vstoreV(x, 0, & (p))

#define kneg(x) (-(x))
#define kadd(x,y) ((x)+(y))
#define ksub(x,y) ((x)-(y))
#define kmul(x,y) ((x)*(y))
#define kdiv(x,y) ((x)/(y))
#define kmadd(x,y,z) mad(x,y,z)
#define kmsub(x,y,z) mad(x,y,-(z))
#define knmadd(x,y,z) (-mad(x,y,z))
#define knmsub(x,y,z) (-mad(x,y,-(z)))
#define ksqrt(x) sqrt(x)
#define kexp(x) exp(x)
#define kfabs(x) fabs(x)

#define KRANC_GFOFFSET3D(u,i,j,k) vec_loadu_maybe3(i,j,k,(u)[di*(i)+dj*(j)+dk*(k)])

// The grid loop: the whole computation is the body of these nested loops.
#define LC_LOOP3(name,i,j,k,imin,jmin,kmin,imax,jmax,kmax)              \
  do {                                                                  \
    typedef int lc_loop3_##name;                                        \
    const ptrdiff_t lc_kmin = (kmin) + get_global_id(2);                \
    const ptrdiff_t lc_jmin = (jmin) + get_global_id(1);                \
    const ptrdiff_t lc_imin = (imin) + get_global_id(0) * VECTOR_SIZE_I; \
    for (ptrdiff_t k = lc_kmin; k < (kmax); k += get_global_size(2)) {  \
    for (ptrdiff_t j = lc_jmin; j < (jmax); j += get_global_size(1)) {  \
    for (ptrdiff_t i = lc_imin; i < (imax); i += VECTOR_SIZE_I * get_global_size(0)) { \
      const ptrdiff_t index CCTK_ATTRIBUTE_UNUSED = di * i + dj * j + dk * k; \
      {
#define LC_ENDLOOP3(name)                                               \
      }                                                                 \
    }                                                                   \
    }                                                                   \
    }                                                                   \
    typedef lc_loop3_##name lc_ensure_proper_nesting;                   \
  } while (0)

"""

# Finite-difference stencils: (order, [(offset, weight)]), first derivatives.
STENCILS = {
    2: [(1, 1), (-1, -1)],
    4: [(-2, 1), (-1, -8), (1, 8), (2, -1)],
    6: [(3, 1), (-1, -45), (2, -9), (-2, 9), (1, 45), (-3, -1)],
    8: [(-1, -672), (2, -168), (-3, -32), (4, -3), (-4, 3), (3, 32), (-2, 168), (1, 672)],
}
SCALE = {2: "p1o2d", 4: "p1o12d", 6: "p1o60d", 8: "p1o840d"}


def offset(d, o):
    """KRANC_GFOFFSET3D(u,...) with offset `o` along direction `d`."""
    idx = ["0", "0", "0"]
    idx[d] = str(o)
    return f"KRANC_GFOFFSET3D(u,{','.join(idx)})"


def stencil(order, d):
    """The stencil as Kranc writes it: kmadd chains, each weight a ToReal, innermost kmul."""
    terms = STENCILS[order]
    (o, w) = terms[-1]
    expr = f"kmul({offset(d, o)},ToReal({w}))"
    for (o, w) in reversed(terms[:-1]):
        expr = f"kmadd({offset(d, o)},ToReal({w}),{expr})"
    return f"kmul({SCALE[order]}{DIRS[d]},{expr})"


def operator(name, scale, body):
    """An operator as Kranc writes it: a macro, or (with KRANC_DIFF_FUNCTIONS, not defined
    here) a function of the same body, so that every operator has an inactive alternative."""
    return (
        f"#ifndef KRANC_DIFF_FUNCTIONS\n#  define {name}(u) ({body})\n#else\n"
        f"#  define {name}(u) ({name}_impl(u,{scale},dj,dk))\n"
        f"static CCTK_REAL_VEC {name}_impl(global const CCTK_REAL *restrict const u, "
        f"const CCTK_REAL_VEC {scale}, const ptrdiff_t dj, const ptrdiff_t dk) CCTK_ATTRIBUTE_UNUSED;\n"
        f"static CCTK_REAL_VEC {name}_impl(global const CCTK_REAL *restrict const u, "
        f"const CCTK_REAL_VEC {scale}, const ptrdiff_t dj, const ptrdiff_t dk)\n{{\n"
        f"  const ptrdiff_t di CCTK_ATTRIBUTE_UNUSED = 1;\n  return {body};\n}}\n#endif\n\n"
    )


# Operator families as Kranc emits them, all defined, few used: most of a generated file's
# text is these definitions and their inactive function alternatives.
KINDS = ["PDstandardNth", "PDupwindNthAnti", "PDupwindNthSymm", "PDdissipationNth",
         "PDonesidedNth", "PDstandard2nd", "PDplus", "PDminus"]


def operators(kinds):
    out = []
    for kind in kinds:
        for order in STENCILS:
            for d in range(3):
                name = f"{kind}fdOrder{order}{d + 1}"
                out.append(operator(name, f"{SCALE[order]}{DIRS[d]}", stencil(order, d)))
    for order in STENCILS:
        for d in range(3):
            # Second derivatives: centred three-point stencil, scaled.
            idx = ["0", "0", "0"]
            plus, minus = list(idx), list(idx)
            plus[d], minus[d] = "1", "-1"
            body = (f"kmul(p1od{DIRS[d]}2,kadd(KRANC_GFOFFSET3D(u,{','.join(minus)}),"
                    f"kmadd(KRANC_GFOFFSET3D(u,0,0,0),ToReal(-2),KRANC_GFOFFSET3D(u,{','.join(plus)}))))")
            out.append(operator(f"PDstandardNthfdOrder{order}{d + 1}{d + 1}", f"p1od{DIRS[d]}2", body))
    return "".join(out)


def head(name):
    out = [f"kernel void {name}(global const double *restrict vars, global double *restrict rhs,\n"]
    out.append("    const int nx, const int ny, const int nz, const int fdOrder, const double dx)\n{\n")
    out.append("  const ptrdiff_t di = 1;\n  const ptrdiff_t dj = nx;\n  const ptrdiff_t dk = nx * ny;\n")
    out.append("  const ptrdiff_t npoints = dk * nz;\n")
    for d in DIRS:
        for order in STENCILS:
            out.append(f"  const CCTK_REAL_VEC {SCALE[order]}{d} = ToReal(1.0 / ({order * 6}.0 * dx));\n")
        out.append(f"  const CCTK_REAL_VEC p1od{d}2 = ToReal(1.0 / (dx * dx));\n")
    for f, name in enumerate(FIELDS):
        out.append(f"  global const double *const {name} = vars + {f} * npoints;\n")
    out.append(f"  LC_LOOP3(loop, i, j, k, 1, 1, 1, nx - 1, ny - 1, nz - 1)\n  {{\n")
    for name in FIELDS:
        out.append(f"  const CCTK_REAL_VEC {name}L = vec_load({name}[index]);\n")
    return "".join(out)


def derivatives(fields, second):
    """`switch (fdOrder)` around every derivative of every field, as generated code does."""
    out = []
    names = []
    for name in fields:
        for d in range(3):
            names.append(f"PDstandardNth{d + 1}{name}")
            if second:
                names.append(f"PDstandardNth{d + 1}{d + 1}{name}")
    out.append("".join(f"  CCTK_REAL_VEC {n} CCTK_ATTRIBUTE_UNUSED;\n" for n in names))
    out.append("  switch (fdOrder)\n  {\n")
    for order in STENCILS:
        out.append(f"    case {order}:\n    {{\n")
        for name in fields:
            for d in range(3):
                out.append(f"      PDstandardNth{d + 1}{name} = PDstandardNthfdOrder{order}{d + 1}(&{name}[index]);\n")
                if second:
                    out.append(f"      PDstandardNth{d + 1}{d + 1}{name} = PDstandardNthfdOrder{order}{d + 1}{d + 1}(&{name}[index]);\n")
        out.append("      break;\n    }\n")
    out.append("    default:\n      return;\n  }\n")
    return "".join(out), names


def expressions(names, budget, width, t0=0):
    """Long expressions: kmadd/kmul chains whose arguments are macro calls in turn."""
    out = []
    t = t0
    size = 0
    while size < budget:
        terms = []
        for w in range(width):
            a = names[(t * 7 + w * 3) % len(names)]
            b = FIELDS[(t * 5 + w) % len(FIELDS)] + "L"
            c = names[(t * 11 + w * 5 + 1) % len(names)]
            form = (t + w) % 3
            if form == 0:
                terms.append(f"kmul({a},{b})")
            elif form == 1:
                terms.append(f"kmsub({b},{c},kmul({a},ToReal({w + 2})))")
            else:
                terms.append(f"kdiv(ksub({a},{c}),kadd({b},ToReal(1)))")
        expr = terms[-1]
        for term in reversed(terms[:-1]):
            expr = f"kmadd({term},ToReal({(t % 9) + 1}),{expr})"
        line = f"  const CCTK_REAL_VEC t{t} =\n    {expr};\n\n"
        out.append(line)
        size += len(line)
        names = names + [f"t{t}"] if t % 5 == 0 else names
        t += 1
    return "".join(out), t


def tail(t, fields):
    out = []
    for f, name in enumerate(fields):
        out.append(f"  vec_store_nta(rhs[index + {f} * npoints], kmadd(t{t - 1 - f},ToReal({f + 1}),{name}L));\n")
    out.append("  }\n  LC_ENDLOOP3(loop);\n}\n")
    return "".join(out)


def kernel(name, fields, second, width, total, kinds):
    text = [PRELUDE, operators(kinds), "\n", head(name)]
    derivs, names = derivatives(fields, second)
    text.append(derivs)
    budget = total - sum(len(s) for s in text) - 2_000
    exprs, t = expressions(names, budget, width)
    text.append(exprs)
    text.append(tail(t, fields))
    return "".join(text)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = os.path.join(sys.argv[1], "sci")
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "rhs.cl"), "w") as f:
        f.write(kernel("ML_BSSN_RHS", FIELDS, True, 6, 280_000, KINDS))
    with open(os.path.join(out, "constraints.cl"), "w") as f:
        f.write(kernel("ML_BSSN_constraints", FIELDS[:9], False, 14, 280_000, KINDS[:1]))


main()
