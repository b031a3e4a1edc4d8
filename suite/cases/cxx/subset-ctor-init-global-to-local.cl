// A constructor's member initialiser converts like an initialisation: a __global pointer cannot initialise a member that points to __local.
//@ rules: CXX-LOCAL-EXPLICIT
//@ profiles: CLC++2021

class Stage {
public:
    Stage(__global int *src, __local int *tile)
        : scratch(src), //~ ERROR CXX-LOCAL-EXPLICIT
          data(tile)
    {
    }
    int first() const { return scratch[0]; }
private:
    __local int *scratch;
    __local int *data;
};

__kernel void apply(__global int *in, __global int *out, __local int *tile)
{
    Stage s(in, tile);
    out[get_global_id(0)] = s.first();
}
