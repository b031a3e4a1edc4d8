// CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE counts a program's __global variables: a 4096-byte array and an int make at least 4100 bytes.
//@ rules: AS-GLOBAL-VAR-SIZE
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals
//@ props: storage=program
//@ kind: run
//@ launch: touch 16
//@ arg: buffer int[16] out
//@ query: program-global-variable-total-size >= 4100
//@ expect: out[i] == i + 1

global uchar buf[4096];
global int hits;

kernel void touch(global int *out)
{
    size_t i = get_global_id(0);
    buf[i * 256] = (uchar)(i + 1);
    if (i == 0)
        hits = 16;
    out[i] = buf[i * 256];
}
