// A typedef whose type already has a space, qualified again with another one.
//@ rules: AS-MULTIPLE-SPACES
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

typedef global int gint;

kernel void k(global int *out, local int *tile)
{
    local gint *p = 0; //~ ERROR AS-MULTIPLE-SPACES
    tile[0] = 1;
    out[0] = p == 0;
}
