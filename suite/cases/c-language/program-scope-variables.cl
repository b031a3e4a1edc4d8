// Valid code: program-scope global variables and pointers, static variables in functions, and
// constant tables, where program-scope globals exist.
//@ rules: AS-PROGSCOPE-SPACE AS-PROGSCOPE-DEFAULT AS-STATIC-SPACE AS-PROGSCOPE-PTR-INIT AS-GLOBAL-PERSIST
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals
//@ props: storage=program

global int counter;
global float history[16];
int implicitly_global = 3;
global int *global cursor = &counter;
constant int primes[5] = {2, 3, 5, 7, 11};
static global uint seed = 12345u;

static uint next_random(void)
{
    seed = seed * 1103515245u + 12345u;
    return seed;
}

static int bump(void)
{
    static global int calls;
    return ++calls;
}

kernel void persist(__global int *out)
{
    size_t i = get_global_id(0);
    if (i == 0) {
        *cursor += 1;
        history[counter & 15] = (float)bump();
        implicitly_global += primes[counter % 5];
    }
    out[i] = counter + (int)(next_random() & 7u) + implicitly_global;
}
