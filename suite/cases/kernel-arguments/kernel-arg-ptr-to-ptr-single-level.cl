// Single-level pointers to int, to int4 and to a struct holding an array are not pointers to pointers.
//@ rules: AS-KERNEL-ARG-PTR-TO-PTR
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct {
    int cells[4];
} row_t;

kernel void copy_rows(global row_t *dst, global const row_t *src, global int4 *wide, constant int *n)
{
    size_t i = get_global_id(0);
    if (i < (size_t)n[0]) {
        dst[i] = src[i];
        wide[i] = (int4)(src[i].cells[0], src[i].cells[1], src[i].cells[2], src[i].cells[3]);
    }
}
