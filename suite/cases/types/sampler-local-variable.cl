// A sampler_t variable cannot be __local.
//@ rules: AS-SAMPLER-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

kernel void sample(read_only image2d_t img, global float4 *out)
{
    local sampler_t smp; //~ ERROR AS-SAMPLER-SPACE
    out[get_global_id(0)] = read_imagef(img, smp, (int2)(0, 0));
}
