// A helper cannot prefetch a private array.
//@ rules: AS-PREFETCH-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

float sum4(global const float *in)
{
    float buf[4] = {in[0], in[1], in[2], in[3]};
    prefetch(buf, 4); //~ ERROR AS-PREFETCH-SPACE
    return buf[0] + buf[1] + buf[2] + buf[3];
}

kernel void run(global const float *in, global float *out)
{
    out[get_global_id(0)] = sum4(in);
}
