// Valid code: loops, switch, goto, conditional and comma expressions, compound assignment and
// pointer arithmetic within one space, sizeof, casts and conditional pointers of one space.
//@ rules: AS-COND-CROSS AS-DIFF-CROSS AS-COMPARE-CROSS AS-CAST-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void flow(__global int *a, __global int *b, __local int *l, int n)
{
    int acc = 0, i, j;
    for (i = 0, j = n - 1; i < j; ++i, --j)
        acc += a[i] - a[j];
    while (acc > 100)
        acc >>= 1;
    do {
        acc ^= 0x55;
    } while (acc < 0);
    switch (acc & 3) {
    case 0:
        acc += 1;
        /* fall through */
    case 1:
        acc *= 2;
        break;
    default:
        goto done;
    }
    __global int *pick = acc > 4 ? a : b;
    __global int *end = a + n;
    ptrdiff_t span = end - pick;
    if (pick < end && pick != b && (pick == a || !pick))
        acc += (int)span;
    __global char *bytes = (__global char *)a;
    __global uint *u = (__global uint *)bytes;
    l[get_local_id(0)] = (int)sizeof(int4) + (int)sizeof a[0] + (int)*u;
    __local int *lp = l + 1;
    lp -= 1;
    acc += *lp;
done:
    b[get_global_id(0)] = acc;
}
