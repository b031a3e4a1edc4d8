// Valid code: the OpenCL 1.1 atomic functions on global and local int and uint, including
// compare-exchange loops and float exchange, and the older atom_ spellings under their extension.
//@ rules: AS-ATOMIC-SPACE AS-LOCAL-SCOPE
//@ profiles: CL1.1 CL1.2 CL2.0 CL3.0 CL3.0+generic CL3.0+globals CL3.0+generic+globals

#pragma OPENCL EXTENSION cl_khr_global_int32_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_local_int32_base_atomics : enable

void atomic_max_float(volatile __global int *addr, float v)
{
    int old = *addr;
    int assumed;
    do {
        assumed = old;
        old = atomic_cmpxchg(addr, assumed, as_int(fmax(as_float(assumed), v)));
    } while (old != assumed);
}

kernel void atomics(__global int *counters, __global uint *ucount, __global float *fx, volatile __global int *maxbits, __global const float *in)
{
    __local int lcount;
    __local uint lbits;
    if (get_local_id(0) == 0) {
        lcount = 0;
        lbits = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    int prev = atomic_add(&lcount, 1);
    atomic_or(&lbits, 1u << (get_local_id(0) & 31));
    atomic_inc(&counters[0]);
    atomic_dec(&counters[1]);
    atomic_sub(&counters[2], prev);
    atomic_min(&counters[3], prev);
    atomic_max(&ucount[0], (uint)prev);
    atomic_and(&ucount[1], 0xffu);
    atomic_xor(&ucount[2], 0x5u);
    atomic_xchg(&fx[0], in[get_global_id(0)]);
    atom_add(&counters[4], 2);
    atomic_max_float(maxbits, in[get_global_id(0)]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        atomic_add(&counters[5], lcount + (int)lbits);
}
