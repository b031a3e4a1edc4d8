// Real-world style: Mandelbrot set rendered into a write-only image, with a colour palette
// passed as a __constant float4 argument and the escape loop in a helper function.
//@ rules: AS-IMAGE-ARG-SPACE AS-CONSTANT-READABLE AS-KERNEL-ARG-PTR-SPACE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals
//@ props: uses=image

int escape_time(float2 c, int max_iter)
{
    float2 z = (float2)(0.0f, 0.0f);
    int i = 0;
    while (i < max_iter && dot(z, z) <= 4.0f) {
        z = (float2)(z.x * z.x - z.y * z.y, 2.0f * z.x * z.y) + c;
        ++i;
    }
    return i;
}

__kernel void mandelbrot(__write_only image2d_t out, __constant float4 *palette, const int palette_size,
                         const float2 origin, const float scale, const int max_iter)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float2 c = origin + convert_float2(p) * scale;
    int n = escape_time(c, max_iter);
    float4 colour = n == max_iter ? (float4)(0.0f, 0.0f, 0.0f, 1.0f) : palette[n % palette_size];
    write_imagef(out, p, colour);
}
