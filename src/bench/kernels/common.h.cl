// Shared by every bench program (prepended by the host). OpenCL C 1.2.
//
// Checksums: integer kernels sum `uint`s, which wrap, so the sum does not depend on the order
// work-items run in. Float kernels sum small integers (0..7) and stay below 2^24, where every
// float sum is exact in any order; the host recomputes both exactly. Floats are also what keeps
// the compiler honest: without -cl-fast-relaxed-math it may not reassociate float additions, so
// a sum repeated `reps` times cannot be folded into one sum times `reps`.

#define HSUM1(v) (v)
#define HSUM2(v) ((v).s0 + (v).s1)
#define HSUM4(v) ((v).s0 + (v).s1 + (v).s2 + (v).s3)
#define HSUM8(v) (HSUM4((v).lo) + HSUM4((v).hi))
#define HSUM16(v) (HSUM8((v).lo) + HSUM8((v).hi))

#define IOTA1 0u
#define IOTA2 ((uint2)(0, 1))
#define IOTA4 ((uint4)(0, 1, 2, 3))
#define IOTA8 ((uint8)(0, 1, 2, 3, 4, 5, 6, 7))
#define IOTA16 ((uint16)(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))

// The value `write_*` kernels store at element index `i` (the host checks every element).
#define WRITE_MUL 2654435761u
