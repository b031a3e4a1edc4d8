// Typical C++ for OpenCL namespaces: nested and reopened namespaces, `a::b` definitions, using-directives, using-declarations, aliases and `::` qualification, with their variables in global memory.
//@ rules: CXX-IMPLICIT-GLOBAL CXX-INIT-GLOBAL-PROGRAM-TRIVIAL CXX-INIT-GLOBAL-PROGRAM-CONSTEXPR
//@ profiles: CLC++2021
//@ props: storage=program linkage=external

int launches;

namespace physics {
using real = float;
constexpr real gravity = 9.81f;
int steps;
namespace detail {
inline real halve(real v) { return v * 0.5f; }
}
struct Body {
    real pos, vel;
};
}

namespace physics::integrate {
physics::real euler(physics::Body &b, physics::real dt)
{
    b.vel -= gravity * dt;
    b.pos += b.vel * dt;
    return detail::halve(b.pos);
}
}

namespace physics {
int total_steps() { return steps + ::launches; }
}

using namespace physics;
using physics::integrate::euler;

__kernel void step(__global float *pos, __global float *vel)
{
    size_t i = get_global_id(0);
    Body b = {pos[i], vel[i]};
    __global int *s = &physics::steps;
    __global int *l = &::launches;
    real h = euler(b, 0.01f);
    if (i == 0) {
        *s += 1;
        *l += 1;
    }
    pos[i] = b.pos + h;
    vel[i] = b.vel + (float)total_steps();
}
