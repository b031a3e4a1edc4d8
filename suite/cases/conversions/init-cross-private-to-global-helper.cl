// In a helper, a pointer to global struct cannot be initialised with the address of a private struct.
//@ rules: AS-INIT-CROSS
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct {
    int x;
    int y;
} cell_t;

int manhattan(cell_t a)
{
    global cell_t *p = &a; //~ ERROR AS-INIT-CROSS
    return abs(p->x) + abs(p->y);
}

kernel void distances(global const cell_t *cells, global int *out)
{
    size_t i = get_global_id(0);
    out[i] = manhattan(cells[i]);
}
