// A returned pointer may point to local, but the returned pointer itself cannot be private.
//@ rules: AS-RETURN-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

local int *private row_of(local int *tile, int row) //~ ERROR AS-RETURN-SPACE
{
    return tile + row * 8;
}

kernel void rows(global int *out, local int *tile)
{
    size_t l = get_local_id(0);
    tile[l] = (int)l;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = row_of(tile, 1)[l % 8];
}
