// A cast to a generic uchar pointer names a space that only exists with the feature.
//@ rules: AS-GENERIC-QUALIFIER
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: position=pointee

kernel void low_byte(global uint *words, global uchar *out)
{
    uint w = words[get_global_id(0)];
    uchar b = *(generic uchar *)&w; //~ ERROR[CL1.1,CL1.2,CL3.0,CL3.0+globals] AS-GENERIC-QUALIFIER
    out[get_global_id(0)] = b;
}
