// A __constant sampler is a constant variable: it must be initialised.
//@ rules: AS-CONSTANT-INIT-REQUIRED
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

constant sampler_t smp; //~ ERROR AS-CONSTANT-INIT-REQUIRED

kernel void sample(read_only image2d_t img, global float4 *out)
{
    out[0] = read_imagef(img, smp, (int2)(0, 0));
}
