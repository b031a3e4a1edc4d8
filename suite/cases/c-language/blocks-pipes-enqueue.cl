// Valid code: blocks (block literals with and without parameters, block variables), device-side
// enqueue of a block, pipes with reservations, and program-scope pointers. Pipes and device-side
// enqueue are core in OpenCL C 2.0 only (optional 3.0 features clasp's profiles do not model), so
// the case runs in CL2.0 alone.
//@ rules: AS-GENERIC-FROM-NAMED AS-PROGSCOPE-SPACE AS-EXTERN-SPACE AS-KERNEL-ARG-PTR-SPACE
//@ profiles: CL2.0
//@ props: storage=program

extern global int shared_counter;
global int shared_counter = 0;
global float4 *global last_ptr;

void helper(__generic int *p) { *p += 1; }

kernel void producer(__write_only pipe int out, global const int *src)
{
    int v = src[get_global_id(0)];
    reserve_id_t id = reserve_write_pipe(out, 1);
    if (is_valid_reserve_id(id)) {
        write_pipe(out, id, 0, &v);
        commit_write_pipe(out, id);
    }
    write_pipe(out, &v);
}

kernel void consumer(__read_only pipe int in, global int *dst)
{
    int v;
    if (read_pipe(in, &v) == 0)
        dst[get_global_id(0)] = v;
    dst[0] = (int)get_pipe_num_packets(in);
}

kernel void parent(global int *out, global float4 *f)
{
    queue_t q = get_default_queue();
    ndrange_t nd = ndrange_1D(64, 16);
    clk_event_t evt;
    int mult = 3;
    int (^triple)(int) = ^(int x) { return x * mult; };
    void (^fill)(void) = ^{ out[get_global_id(0)] = mult; };
    enqueue_kernel(q, CLK_ENQUEUE_FLAGS_WAIT_KERNEL, nd, 0, NULL, &evt, fill);
    enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, nd, ^{ out[0] += 1; });
    release_event(evt);
    int x = triple(2);
    helper(&x);
    helper(&out[0]);
    __generic int *gp = &x;
    last_ptr = f;
    shared_counter += *gp + (int)get_enqueued_local_size(0) + (int)get_global_linear_id();
}
