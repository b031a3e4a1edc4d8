// Each level of a pointer type carries its own single space: global int *private and global int *private * are fine.
//@ rules: AS-MULTIPLE-SPACES
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

int first_of(global int *private *rows)
{
    return rows[0][0];
}

kernel void firsts(global int *a, global int *b, global int *out)
{
    global int *private rows[2];
    rows[0] = a;
    rows[1] = b;
    global int *private *cursor = rows;
    out[get_global_id(0)] = first_of(cursor) + cursor[1][0];
}
