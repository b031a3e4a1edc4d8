// Valid code: enumerations as types, constants, array sizes, switch labels and kernel arguments.
//@ rules: AS-AUTO-PRIVATE AS-KERNEL-ARG-PTR-SPACE AS-CONSTANT-INIT-REQUIRED
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

enum op { OP_ADD, OP_SUB = 4, OP_MUL, OP_COUNT };
typedef enum { RED = 1 << 0, GREEN = 1 << 1, BLUE = 1 << 2 } channel_t;

__constant int op_weight[OP_COUNT] = {1, 2, 3, 4, 5, 6};

float apply(enum op o, float a, float b)
{
    switch (o) {
    case OP_ADD:
        return a + b;
    case OP_SUB:
        return a - b;
    case OP_MUL:
        return a * b;
    default:
        break;
    }
    return 0.0f;
}

kernel void enums(__global float *out, __global const float *in, int op, uint channels)
{
    enum op o = (enum op)op;
    channel_t c = (channel_t)(channels & (RED | BLUE));
    float history[OP_COUNT];
    for (int i = 0; i < OP_COUNT; ++i)
        history[i] = apply((enum op)i, in[i], 2.0f) * (float)op_weight[i];
    out[get_global_id(0)] = apply(o, in[0], in[1]) + history[OP_MUL] + (c == GREEN ? 1.0f : 0.0f);
}
