// Automatics with no qualifier or with private/__private, in a kernel, a nested block and a helper, are all fine.
//@ rules: AS-AUTO-PRIVATE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

float4 norm4(float4 v)
{
    private float len = length(v);
    __private float4 r = v / len;
    return r;
}

kernel void normalise(global float4 *vs)
{
    size_t i = get_global_id(0);
    float4 v = vs[i];
    if (dot(v, v) > 0.0f) {
        private float4 n = norm4(v);
        vs[i] = n;
    }
}
