// Near miss: program-scope globals may be of any user-defined type, or a pointer to one.
//@ rules: AS-PROGSCOPE-TYPE
//@ profiles: CL2.0 CL3.0+globals CL3.0+generic+globals
//@ props: storage=program

typedef struct node { int value; global struct node *next; } node_t;

node_t head;
global node_t *cursor = &head;

kernel void walk(global int *out)
{
    int sum = 0;
    for (global node_t *n = cursor; n != 0; n = n->next)
        sum += n->value;
    out[get_global_id(0)] = sum;
}
