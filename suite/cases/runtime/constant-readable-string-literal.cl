// A string literal lives in __constant and every work-item can read it through a pointer to constant.
//@ rules: AS-CONSTANT-READABLE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ kind: run
//@ launch: spell 40/8
//@ arg: buffer char[40] out
//@ expect: out == {104, 101, 108, 108, 111, 104, 101, 108, 108, 111, 104, 101, 108, 108, 111, 104, 101, 108, 108, 111, 104, 101, 108, 108, 111, 104, 101, 108, 108, 111, 104, 101, 108, 108, 111, 104, 101, 108, 108, 111}

kernel void spell(global char *out)
{
    constant char *word = "hello";
    size_t gid = get_global_id(0);
    out[gid] = word[gid % 5];
}
