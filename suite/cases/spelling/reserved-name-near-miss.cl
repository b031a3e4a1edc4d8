// Identifiers that merely contain an address-space name (global_sum, local_id, is_constant, _private) are ordinary names.
//@ rules: AS-RESERVED-NAME
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef struct {
    int local_offset;
    int global_offset;
} range_t;

int is_constant(int _private, int constants)
{
    return _private == constants;
}

kernel void sums(global int *global_sum, global const range_t *ranges, local int *local_buf)
{
    size_t local_id = get_local_id(0);
    range_t r = ranges[get_group_id(0)];
    local_buf[local_id] = r.local_offset + r.global_offset;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (local_id == 0)
        global_sum[get_group_id(0)] = local_buf[0] + is_constant(r.local_offset, 3);
}
