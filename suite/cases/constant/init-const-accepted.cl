// Near miss: integer and floating constant expressions, sizeof, vector literals, string literals and address constants initialise __constant variables.
//@ rules: AS-CONSTANT-INIT-CONST
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: scope=program space=constant init=vector-literal-arithmetic uses=constant-address-data

#define N 4

constant int bytes = N * sizeof(float4);
constant float4 unit = (float4)(1.0f, 2.0f, 3.0f, 4.0f) / 4.0f;
constant int masks[3] = {1 << 2, 010, 'a' - 'A'};
constant char name[] = "clasp";
constant int *constant bytes_ptr = &bytes;

kernel void fill(global float4 *out)
{
    constant uint seed = 0x9e3779b9u ^ (uint)N;
    size_t i = get_global_id(0);
    out[i] = unit * (float)(*bytes_ptr + masks[i % 3] + name[0]) + (float)(seed & 1u);
}
