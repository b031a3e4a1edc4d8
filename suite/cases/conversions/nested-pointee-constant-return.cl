// A helper returning constant float ** cannot return a global float ** (inner pointees constant vs global).
//@ rules: AS-NESTED-POINTEE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

constant float **as_tables(global float **rows)
{
    return rows; //~ ERROR AS-NESTED-POINTEE
}

kernel void lookup(global float *row, global float *out)
{
    global float *rows[1];
    rows[0] = row;
    out[get_global_id(0)] = as_tables(rows)[0][0];
}
