// Constructors of program-scope objects in global memory have run before the first kernel of the program executes: every work-item sees the constructed values.
//@ rules: CXX-GLOBAL-CTOR-ORDER CXX-INIT-GLOBAL-PROGRAM-CUSTOM
//@ profiles: CLC++2021
//@ props: storage=program linkage=external
//@ kind: run
//@ launch: observe 64/16
//@ arg: buffer int[64] out
//@ expect: out[i] == 42 + 7 + i

class Answer {
public:
    Answer() : value(42) {}
    int get() const { return value; }
private:
    int value;
};

struct Offset {
    int value;
    Offset(int v) : value(v) {}
};

Answer answer;
__global Offset offset(7);

__kernel void observe(__global int *out)
{
    size_t i = get_global_id(0);
    out[i] = answer.get() + offset.value + (int)i;
}
