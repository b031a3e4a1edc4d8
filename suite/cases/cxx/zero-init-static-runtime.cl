// Function-scope statics and static data members of class type without an initialiser are zero-pre-initialised global objects.
//@ rules: CXX-ZERO-INIT CXX-INIT-GLOBAL-STATIC-TRIVIAL
//@ profiles: CLC++2021
//@ props: storage=program linkage=external
//@ kind: run
//@ launch: snapshot 1
//@ arg: buffer int[6] out
//@ expect: out == {0, 0, 0, 0, 0, 0}

struct Pod { int key; float4 value; short flags[2]; };

struct Registry {
    static Pod latest;
};

Pod Registry::latest;

int helper_state()
{
    static Pod state;
    return state.key + (int)state.value.y + state.flags[1];
}

__kernel void snapshot(__global int *out)
{
    static float4 acc;
    static long big;
    out[0] = helper_state();
    out[1] = (int)acc.z;
    out[2] = (int)big;
    out[3] = Registry::latest.key;
    out[4] = (int)Registry::latest.value.w;
    out[5] = Registry::latest.flags[0];
}
