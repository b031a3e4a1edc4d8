//! The run-time entry points: queues, buffers, kernels, launches that do nothing, reads.

use super::{answer, c_string, dispatch, raise, signal, ClInt, ClUint, Handle, Program};
use super::{CL_INVALID_VALUE, CL_SUCCESS, SIGSEGV, SIG_DFL};
use std::ffi::{c_char, c_void, CStr};

const CL_INVALID_KERNEL_NAME: ClInt = -46;
const CL_INVALID_ARG_INDEX: ClInt = -49;
const CL_INVALID_ARG_VALUE: ClInt = -50;
const CL_INVALID_PROGRAM_EXECUTABLE: ClInt = -45;

const ADDRESS_GLOBAL: u32 = 0x119B;
const ADDRESS_LOCAL: u32 = 0x119C;
const ADDRESS_CONSTANT: u32 = 0x119D;
const ADDRESS_PRIVATE: u32 = 0x119E;

#[repr(C)]
pub struct Queue {
    head: Handle,
    /// A launch of a `CLASP_FAULT_FINISH_HANG` kernel is pending: `clFinish` never returns.
    hang: bool,
}

#[repr(C)]
pub struct Mem {
    head: Handle,
    data: Vec<u8>,
}

#[repr(C)]
pub struct Kernel {
    head: Handle,
    name: String,
    /// Address qualifier of each argument.
    args: Vec<u32>,
    source: String,
}

#[repr(C)]
pub struct Event {
    head: Handle,
}

fn head() -> Handle {
    Handle {
        dispatch: dispatch(),
    }
}

unsafe fn set(errcode: *mut ClInt, v: ClInt) {
    if !errcode.is_null() {
        *errcode = v;
    }
}

unsafe fn new_event(event: *mut *mut Event) {
    if !event.is_null() {
        *event = Box::into_raw(Box::new(Event { head: head() }));
    }
}

/// Frees an object on its first release (clasp releases each object once).
pub unsafe extern "C" fn release_boxed<T>(object: *mut T) -> ClInt {
    if !object.is_null() {
        drop(Box::from_raw(object));
    }
    CL_SUCCESS
}

/// Every `kernel void name(params)` in the source with its arguments' address qualifiers: a
/// pointer by the keyword on it (`global`, `__local`, ...), images global, the rest private.
pub fn kernels(source: &str) -> Vec<(String, Vec<u32>)> {
    let mut out = Vec::new();
    let mut rest = source;
    while let Some(at) = rest.find("kernel void ") {
        let after = &rest[at + "kernel void ".len()..];
        rest = after;
        let Some(open) = after.find('(') else { break };
        let name = after[..open].trim();
        if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let Some(close) = after[open..].find(')') else {
            break;
        };
        let params = &after[open + 1..open + close];
        let args = params
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty() && *p != "void")
            .map(|p| {
                let words: Vec<&str> = p
                    .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .filter(|w| !w.is_empty())
                    .collect();
                let has = |k: &str| words.iter().any(|w| w.trim_start_matches("__") == k);
                if words.iter().any(|w| w.starts_with("image")) {
                    ADDRESS_GLOBAL
                } else if !p.contains('*') {
                    ADDRESS_PRIVATE
                } else if has("local") {
                    ADDRESS_LOCAL
                } else if has("constant") {
                    ADDRESS_CONSTANT
                } else if has("global") {
                    ADDRESS_GLOBAL
                } else {
                    ADDRESS_PRIVATE
                }
            })
            .collect();
        if !out.iter().any(|(n, _)| n == name) {
            out.push((name.to_string(), args));
        }
    }
    out
}

pub unsafe extern "C" fn create_command_queue(
    _context: *mut c_void,
    _device: *mut Handle,
    _properties: u64,
    errcode: *mut ClInt,
) -> *mut Queue {
    set(errcode, CL_SUCCESS);
    Box::into_raw(Box::new(Queue {
        head: head(),
        hang: false,
    }))
}

pub unsafe extern "C" fn create_buffer(
    _context: *mut c_void,
    _flags: u64,
    size: usize,
    host_ptr: *mut c_void,
    errcode: *mut ClInt,
) -> *mut Mem {
    if size == 0 {
        set(errcode, -61); // CL_INVALID_BUFFER_SIZE
        return std::ptr::null_mut();
    }
    let data = if host_ptr.is_null() {
        vec![0u8; size]
    } else {
        std::slice::from_raw_parts(host_ptr.cast::<u8>(), size).to_vec()
    };
    set(errcode, CL_SUCCESS);
    Box::into_raw(Box::new(Mem { head: head(), data }))
}

pub unsafe extern "C" fn create_kernel(
    program: *mut Program,
    name: *const c_char,
    errcode: *mut ClInt,
) -> *mut Kernel {
    let (Some(program), false) = (program.as_ref(), name.is_null()) else {
        set(errcode, CL_INVALID_VALUE);
        return std::ptr::null_mut();
    };
    if program.status != super::CL_BUILD_SUCCESS {
        set(errcode, CL_INVALID_PROGRAM_EXECUTABLE);
        return std::ptr::null_mut();
    }
    let name = CStr::from_ptr(name).to_string_lossy().into_owned();
    let Some((_, args)) = kernels(&program.source)
        .into_iter()
        .find(|(n, _)| *n == name)
    else {
        set(errcode, CL_INVALID_KERNEL_NAME);
        return std::ptr::null_mut();
    };
    set(errcode, CL_SUCCESS);
    Box::into_raw(Box::new(Kernel {
        head: head(),
        name,
        args,
        source: program.source.clone(),
    }))
}

pub unsafe extern "C" fn set_kernel_arg(
    kernel: *mut Kernel,
    index: ClUint,
    _size: usize,
    value: *const c_void,
) -> ClInt {
    let Some(kernel) = kernel.as_ref() else {
        return CL_INVALID_VALUE;
    };
    match kernel.args.get(index as usize) {
        None => CL_INVALID_ARG_INDEX,
        // OpenCL API, clSetKernelArg: "CL_INVALID_ARG_VALUE if arg_value specified is not NULL
        // for an argument declared with the __local qualifier".
        Some(&ADDRESS_LOCAL) if !value.is_null() => CL_INVALID_ARG_VALUE,
        Some(_) => CL_SUCCESS,
    }
}

pub unsafe extern "C" fn get_kernel_info(
    kernel: *mut Kernel,
    name: ClUint,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> ClInt {
    let Some(kernel) = kernel.as_ref() else {
        return CL_INVALID_VALUE;
    };
    let bytes: Vec<u8> = match name {
        0x1190 => c_string(&kernel.name), // FUNCTION_NAME
        0x1191 => (kernel.args.len() as u32).to_ne_bytes().to_vec(), // NUM_ARGS
        _ => return CL_INVALID_VALUE,
    };
    answer(&bytes, size, value, size_ret)
}

pub unsafe extern "C" fn get_kernel_work_group_info(
    _kernel: *mut Kernel,
    _device: *mut Handle,
    name: ClUint,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> ClInt {
    let bytes: Vec<u8> = match name {
        0x11B0 => 256usize.to_ne_bytes().to_vec(), // WORK_GROUP_SIZE
        0x11B2 | 0x11B4 => 0u64.to_ne_bytes().to_vec(), // LOCAL_MEM_SIZE, PRIVATE_MEM_SIZE
        _ => return CL_INVALID_VALUE,
    };
    answer(&bytes, size, value, size_ret)
}

pub unsafe extern "C" fn get_kernel_arg_info(
    kernel: *mut Kernel,
    index: ClUint,
    name: ClUint,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> ClInt {
    let Some(kernel) = kernel.as_ref() else {
        return CL_INVALID_VALUE;
    };
    let Some(qual) = kernel.args.get(index as usize) else {
        return CL_INVALID_ARG_INDEX;
    };
    match name {
        0x1196 => answer(&qual.to_ne_bytes(), size, value, size_ret), // ADDRESS_QUALIFIER
        _ => CL_INVALID_VALUE,
    }
}

#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn enqueue_nd_range_kernel(
    queue: *mut Queue,
    kernel: *mut Kernel,
    _work_dim: ClUint,
    _offset: *const usize,
    _global: *const usize,
    _local: *const usize,
    _num_events: ClUint,
    _wait_list: *const *mut Event,
    event: *mut *mut Event,
) -> ClInt {
    let (Some(queue), Some(kernel)) = (queue.as_mut(), kernel.as_ref()) else {
        return CL_INVALID_VALUE;
    };
    if kernel.source.contains("CLASP_FAULT_ENQUEUE_CRASH") {
        signal(SIGSEGV, SIG_DFL);
        raise(SIGSEGV);
    }
    if kernel.source.contains("CLASP_FAULT_FINISH_HANG") {
        queue.hang = true;
    }
    new_event(event);
    CL_SUCCESS
}

pub unsafe extern "C" fn flush(_queue: *mut Queue) -> ClInt {
    CL_SUCCESS
}

pub unsafe extern "C" fn finish(queue: *mut Queue) -> ClInt {
    let Some(queue) = queue.as_ref() else {
        return CL_INVALID_VALUE;
    };
    if queue.hang {
        loop {
            std::thread::sleep(std::time::Duration::from_secs(3600));
        }
    }
    CL_SUCCESS
}

#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn enqueue_read_buffer(
    _queue: *mut Queue,
    mem: *mut Mem,
    _blocking: ClUint,
    offset: usize,
    size: usize,
    ptr: *mut c_void,
    _num_events: ClUint,
    _wait_list: *const *mut Event,
    event: *mut *mut Event,
) -> ClInt {
    let Some(mem) = mem.as_ref() else {
        return CL_INVALID_VALUE;
    };
    if ptr.is_null() || offset + size > mem.data.len() {
        return CL_INVALID_VALUE;
    }
    std::ptr::copy_nonoverlapping(mem.data.as_ptr().add(offset), ptr.cast::<u8>(), size);
    new_event(event);
    CL_SUCCESS
}
