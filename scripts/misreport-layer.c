/* An OpenCL layer that makes a real driver misreport its limits, to check that clasp's
 * limit cases (`clasp generate`, rules AS-CONSTANT-ARGS-LIMIT, AS-CONSTANT-BUFFER-SIZE,
 * AS-LOCAL-MEM-LIMIT, AS-GLOBAL-VAR-SIZE, `size=device-reported`) see a wrong report.
 *
 *   cc -shared -fPIC -O2 -o misreport-layer.so scripts/misreport-layer.c
 *   CLASP_MISREPORT='CONSTANT_ARGS*4' OPENCL_LAYERS=$PWD/misreport-layer.so clasp run ...
 *
 * CLASP_MISREPORT is a comma-separated list of NAME*K (report K times the driver's answer) or
 * NAME/K (a K-th of it), NAME one of CONSTANT_ARGS, CONSTANT_BUFFER_SIZE, LOCAL_MEM_SIZE,
 * GLOBAL_VARIABLE_SIZE. CPU drivers do not enforce their constant-argument limit, so when
 * CONSTANT_ARGS is scaled the layer also plays the device whose limit the driver's answer is:
 * an enqueue of a kernel with more `__constant` arguments than that fails with
 * CL_OUT_OF_RESOURCES. (It builds every program with -cl-kernel-arg-info to count them.)
 * Layers need an ICD loader that supports them (ocl-icd 2.3, the Khronos loader). */
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl_icd.h>
#include <CL/cl_layer.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct _cl_icd_dispatch target, layer;

enum { N_LIMITS = 4 };
static const struct {
    const char *name;
    cl_device_info param;
} limits[N_LIMITS] = {
    {"CONSTANT_ARGS", CL_DEVICE_MAX_CONSTANT_ARGS},
    {"CONSTANT_BUFFER_SIZE", CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE},
    {"LOCAL_MEM_SIZE", CL_DEVICE_LOCAL_MEM_SIZE},
    {"GLOBAL_VARIABLE_SIZE", CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE},
};
/* Per limit: multiply by mul, divide by div (1 and 1: unchanged). */
static unsigned long long mul[N_LIMITS] = {1, 1, 1, 1}, div_[N_LIMITS] = {1, 1, 1, 1};

static void read_env(void) {
    const char *env = getenv("CLASP_MISREPORT");
    char buf[256];
    if (!env) return;
    snprintf(buf, sizeof buf, "%s", env);
    for (char *item = strtok(buf, ","); item; item = strtok(NULL, ",")) {
        char *op = strpbrk(item, "*/");
        if (!op) continue;
        char sign = *op;
        *op = 0;
        for (int i = 0; i < N_LIMITS; i++)
            if (strcmp(item, limits[i].name) == 0) {
                unsigned long long k = strtoull(op + 1, NULL, 10);
                if (k == 0) k = 1;
                if (sign == '*') mul[i] = k; else div_[i] = k;
            }
    }
}

static cl_int CL_API_CALL get_device_info(cl_device_id d, cl_device_info p, size_t size,
                                          void *value, size_t *size_ret) {
    cl_int r = target.clGetDeviceInfo(d, p, size, value, size_ret);
    if (r != CL_SUCCESS || !value) return r;
    for (int i = 0; i < N_LIMITS; i++) {
        if (limits[i].param != p) continue;
        if (size >= 8) {
            cl_ulong v;
            memcpy(&v, value, 8);
            v = v * mul[i] / div_[i];
            memcpy(value, &v, 8);
        } else if (size >= 4) {
            cl_uint v;
            memcpy(&v, value, 4);
            v = (cl_uint)((unsigned long long)v * mul[i] / div_[i]);
            memcpy(value, &v, 4);
        }
    }
    return r;
}

static cl_int CL_API_CALL build_program(cl_program prog, cl_uint n, const cl_device_id *devs,
                                        const char *options,
                                        void(CL_CALLBACK *notify)(cl_program, void *), void *data) {
    size_t len = options ? strlen(options) : 0;
    char *with = malloc(len + 32);
    if (!with) return CL_OUT_OF_HOST_MEMORY;
    snprintf(with, len + 32, "%s -cl-kernel-arg-info", options ? options : "");
    cl_int r = target.clBuildProgram(prog, n, devs, with, notify, data);
    free(with);
    return r;
}

static cl_int CL_API_CALL enqueue_nd_range(cl_command_queue q, cl_kernel k, cl_uint dims,
                                           const size_t *offset, const size_t *global,
                                           const size_t *local, cl_uint n_events,
                                           const cl_event *events, cl_event *event) {
    cl_device_id dev;
    cl_uint args = 0, real = 0, constant = 0;
    if (mul[0] > 1 &&
        target.clGetCommandQueueInfo(q, CL_QUEUE_DEVICE, sizeof dev, &dev, NULL) == CL_SUCCESS &&
        target.clGetDeviceInfo(dev, CL_DEVICE_MAX_CONSTANT_ARGS, sizeof real, &real, NULL) ==
            CL_SUCCESS &&
        target.clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof args, &args, NULL) == CL_SUCCESS) {
        for (cl_uint a = 0; a < args; a++) {
            cl_kernel_arg_address_qualifier aq = 0;
            if (target.clGetKernelArgInfo(k, a, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof aq, &aq,
                                          NULL) == CL_SUCCESS &&
                aq == CL_KERNEL_ARG_ADDRESS_CONSTANT)
                constant++;
        }
        if (constant > real) return CL_OUT_OF_RESOURCES;
    }
    return target.clEnqueueNDRangeKernel(q, k, dims, offset, global, local, n_events, events,
                                         event);
}

CL_API_ENTRY cl_int CL_API_CALL clGetLayerInfo(cl_layer_info name, size_t size, void *value,
                                               size_t *size_ret) {
    if (name != CL_LAYER_API_VERSION) return CL_INVALID_VALUE;
    cl_layer_api_version v = CL_LAYER_API_VERSION_100;
    if (size_ret) *size_ret = sizeof v;
    if (value) {
        if (size < sizeof v) return CL_INVALID_VALUE;
        memcpy(value, &v, sizeof v);
    }
    return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clInitLayer(cl_uint num_entries,
                                            const struct _cl_icd_dispatch *target_dispatch,
                                            cl_uint *num_entries_ret,
                                            const struct _cl_icd_dispatch **layer_dispatch_ret) {
    size_t n = sizeof(struct _cl_icd_dispatch) / sizeof(void *);
    if (!target_dispatch || !num_entries_ret || !layer_dispatch_ret || num_entries < n)
        return CL_INVALID_VALUE;
    read_env();
    memcpy(&target, target_dispatch, sizeof target);
    memcpy(&layer, target_dispatch, sizeof layer);
    layer.clGetDeviceInfo = get_device_info;
    layer.clBuildProgram = build_program;
    layer.clEnqueueNDRangeKernel = enqueue_nd_range;
    *num_entries_ret = (cl_uint)n;
    *layer_dispatch_ret = &layer;
    return CL_SUCCESS;
}
