// A 64 KiB program-scope __global array, within CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE, builds and is usable in full; the total size reflects it.
//@ rules: AS-GLOBAL-VAR-SIZE
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals
//@ props: storage=program
//@ kind: run
//@ requires: CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE >= 65536
//@ launch: fill_big 64
//@ launch: read_big 64
//@ arg: buffer int[64] out
//@ query: program-global-variable-total-size >= 65536
//@ expect: out[i] == 3 * i

global uchar bigbuf[65536];

kernel void fill_big(global int *out)
{
    size_t i = get_global_id(0);
    bigbuf[i * 1024 + 1023] = (uchar)(3 * i);
}

kernel void read_big(global int *out)
{
    size_t i = get_global_id(0);
    out[i] = bigbuf[i * 1024 + 1023];
}
