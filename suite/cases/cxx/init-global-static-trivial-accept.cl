// Table row global/kernel or function scope (static), uninitialised: statics without an initialiser in a kernel and a helper are supported, zero-pre-initialised globals.
//@ rules: CXX-INIT-GLOBAL-STATIC-TRIVIAL
//@ profiles: CLC++2021
//@ props: storage=static-helper uses=written-static

struct Pod { int key; float weight; };

int next_ticket()
{
    static int tickets;
    static Pod last;
    last.key = tickets;
    return tickets++;
}

__kernel void serve(__global int *out)
{
    static __global float4 seen;
    if (get_global_id(0) == 0) {
        seen.x += 1.0f;
        out[0] = next_ticket() + (int)seen.x;
    }
}
