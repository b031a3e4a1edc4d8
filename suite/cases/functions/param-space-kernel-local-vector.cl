// A kernel's float4 argument cannot be declared local; only a pointer argument's pointee can.
//@ rules: AS-PARAM-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void tint(global float4 *pixels, local float4 colour) //~ ERROR AS-PARAM-SPACE
{
    pixels[get_global_id(0)] *= colour;
}
