//! A fault-injecting OpenCL ICD: just enough of a vendor driver that an ICD loader (ocl-icd or
//! the Khronos loader) finds one platform with one device, and that `clCreateContext`,
//! `clCreateProgramWithSource`, `clBuildProgram` and `clGetProgramBuildInfo` work.
//!
//! It exists to prove that clasp's worker isolation holds: `clBuildProgram` misbehaves when the
//! source contains a marker.
//!
//! For run-time cases it also has command queues, buffers (host memory) and kernels whose
//! arguments it reads from the source (`kernel void name(...)`, address qualifiers by keyword).
//! Kernels never execute: a buffer keeps its initial contents. `clSetKernelArg` with a
//! non-NULL value for a `__local` argument fails with `CL_INVALID_ARG_VALUE`, as the API
//! requires. Two more markers, for run-time cases:
//!
//! | marker in the source           | what happens                                           |
//! | ------------------------------ | ------------------------------------------------------ |
//! | `CLASP_FAULT_ENQUEUE_CRASH`    | `clEnqueueNDRangeKernel` raises `SIGSEGV`              |
//! | `CLASP_FAULT_FINISH_HANG`      | `clFinish` after a launch of that kernel sleeps forever |
//!
//! | marker in the source   | what `clBuildProgram` does                                      |
//! | ---------------------- | --------------------------------------------------------------- |
//! | `CLASP_FAULT_CRASH`    | raises `SIGSEGV`                                                |
//! | `CLASP_FAULT_ABORT`    | calls `abort()` (`SIGABRT`)                                     |
//! | `CLASP_FAULT_HANG`     | sleeps forever                                                  |
//! | `CLASP_FAULT_GARBAGE`  | returns `CL_SUCCESS` with build status 0x7777 and a non-UTF-8 log |
//! | `CLASP_FAULT_REJECT`   | a clean build failure with a log                                |
//! | anything else          | a successful build                                              |
//!
//! The device claims OpenCL C 1.2, so `-cl-std=CL2.0` and later fail with
//! `CL_INVALID_BUILD_OPTIONS`, as the spec requires of a real driver.
//!
//! Register it with `OCL_ICD_VENDORS=<dir>` where `<dir>` holds an `.icd` file naming this
//! library. Every object handed out starts with a pointer to the dispatch table, which is how
//! the loader routes a call on that object back here (`cl_khr_icd`).

#![allow(clippy::missing_safety_doc)]

use std::ffi::{c_char, c_void, CStr};
use std::sync::OnceLock;

type ClInt = i32;
type ClUint = u32;

const CL_SUCCESS: ClInt = 0;
const CL_DEVICE_NOT_FOUND: ClInt = -1;
const CL_BUILD_PROGRAM_FAILURE: ClInt = -11;
const CL_INVALID_VALUE: ClInt = -30;
const CL_INVALID_BUILD_OPTIONS: ClInt = -43;

const CL_BUILD_SUCCESS: ClInt = 0;
const CL_BUILD_NONE: ClInt = -1;
const CL_BUILD_ERROR: ClInt = -2;

/// Size of the dispatch table: larger than every loader's `_cl_icd_dispatch`, so a loader that
/// reads an entry we do not implement finds a null pointer, never memory past the table.
const DISPATCH_LEN: usize = 256;

/// Slots of `_cl_icd_dispatch` (the order of the OpenCL 1.0 API, fixed by `cl_khr_icd`).
mod slot {
    pub const GET_PLATFORM_IDS: usize = 0;
    pub const GET_PLATFORM_INFO: usize = 1;
    pub const GET_DEVICE_IDS: usize = 2;
    pub const GET_DEVICE_INFO: usize = 3;
    pub const CREATE_CONTEXT: usize = 4;
    pub const CREATE_CONTEXT_FROM_TYPE: usize = 5;
    pub const RETAIN_CONTEXT: usize = 6;
    pub const RELEASE_CONTEXT: usize = 7;
    pub const GET_CONTEXT_INFO: usize = 8;
    pub const CREATE_COMMAND_QUEUE: usize = 9;
    pub const RELEASE_COMMAND_QUEUE: usize = 11;
    pub const CREATE_BUFFER: usize = 14;
    pub const RELEASE_MEM_OBJECT: usize = 18;
    pub const CREATE_PROGRAM_WITH_SOURCE: usize = 26;
    pub const RETAIN_PROGRAM: usize = 28;
    pub const RELEASE_PROGRAM: usize = 29;
    pub const BUILD_PROGRAM: usize = 30;
    pub const GET_PROGRAM_INFO: usize = 32;
    pub const GET_PROGRAM_BUILD_INFO: usize = 33;
    pub const CREATE_KERNEL: usize = 34;
    pub const RELEASE_KERNEL: usize = 37;
    pub const SET_KERNEL_ARG: usize = 38;
    pub const GET_KERNEL_INFO: usize = 39;
    pub const GET_KERNEL_WORK_GROUP_INFO: usize = 40;
    pub const RELEASE_EVENT: usize = 44;
    pub const FLUSH: usize = 46;
    pub const FINISH: usize = 47;
    pub const ENQUEUE_READ_BUFFER: usize = 48;
    pub const ENQUEUE_ND_RANGE_KERNEL: usize = 59;
    pub const GET_EXTENSION_FUNCTION_ADDRESS: usize = 65;
    pub const GET_KERNEL_ARG_INFO: usize = 101;
}

#[repr(C)]
struct Dispatch([*const c_void; DISPATCH_LEN]);

// The table is written once, before any object that points at it exists, then only read.
unsafe impl Sync for Dispatch {}
unsafe impl Send for Dispatch {}

fn dispatch() -> &'static Dispatch {
    static TABLE: OnceLock<Dispatch> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [std::ptr::null::<c_void>(); DISPATCH_LEN];
        t[slot::GET_PLATFORM_IDS] = get_platform_ids as *const c_void;
        t[slot::GET_PLATFORM_INFO] = get_platform_info as *const c_void;
        t[slot::GET_DEVICE_IDS] = get_device_ids as *const c_void;
        t[slot::GET_DEVICE_INFO] = get_device_info as *const c_void;
        t[slot::CREATE_CONTEXT] = create_context as *const c_void;
        t[slot::CREATE_CONTEXT_FROM_TYPE] = create_context_from_type as *const c_void;
        t[slot::RETAIN_CONTEXT] = retain as *const c_void;
        t[slot::RELEASE_CONTEXT] = release_context as *const c_void;
        t[slot::GET_CONTEXT_INFO] = get_context_info as *const c_void;
        t[slot::CREATE_PROGRAM_WITH_SOURCE] = create_program_with_source as *const c_void;
        t[slot::RETAIN_PROGRAM] = retain as *const c_void;
        t[slot::RELEASE_PROGRAM] = release_program as *const c_void;
        t[slot::BUILD_PROGRAM] = build_program as *const c_void;
        t[slot::GET_PROGRAM_INFO] = get_program_info as *const c_void;
        t[slot::GET_PROGRAM_BUILD_INFO] = get_program_build_info as *const c_void;
        t[slot::GET_EXTENSION_FUNCTION_ADDRESS] = get_extension_function_address as *const c_void;
        t[slot::CREATE_COMMAND_QUEUE] = run::create_command_queue as *const c_void;
        t[slot::RELEASE_COMMAND_QUEUE] = run::release_boxed::<run::Queue> as *const c_void;
        t[slot::CREATE_BUFFER] = run::create_buffer as *const c_void;
        t[slot::RELEASE_MEM_OBJECT] = run::release_boxed::<run::Mem> as *const c_void;
        t[slot::CREATE_KERNEL] = run::create_kernel as *const c_void;
        t[slot::RELEASE_KERNEL] = run::release_boxed::<run::Kernel> as *const c_void;
        t[slot::SET_KERNEL_ARG] = run::set_kernel_arg as *const c_void;
        t[slot::GET_KERNEL_INFO] = run::get_kernel_info as *const c_void;
        t[slot::GET_KERNEL_WORK_GROUP_INFO] = run::get_kernel_work_group_info as *const c_void;
        t[slot::GET_KERNEL_ARG_INFO] = run::get_kernel_arg_info as *const c_void;
        t[slot::RELEASE_EVENT] = run::release_boxed::<run::Event> as *const c_void;
        t[slot::FLUSH] = run::flush as *const c_void;
        t[slot::FINISH] = run::finish as *const c_void;
        t[slot::ENQUEUE_READ_BUFFER] = run::enqueue_read_buffer as *const c_void;
        t[slot::ENQUEUE_ND_RANGE_KERNEL] = run::enqueue_nd_range_kernel as *const c_void;
        Dispatch(t)
    })
}

/// Every handle: the dispatch pointer first, as `cl_khr_icd` requires.
#[repr(C)]
pub(crate) struct Handle {
    dispatch: *const Dispatch,
}

unsafe impl Sync for Handle {}
unsafe impl Send for Handle {}

fn platform() -> *mut Handle {
    static PLATFORM: OnceLock<Handle> = OnceLock::new();
    PLATFORM.get_or_init(|| Handle {
        dispatch: dispatch(),
    }) as *const Handle as *mut Handle
}

fn device() -> *mut Handle {
    static DEVICE: OnceLock<Handle> = OnceLock::new();
    DEVICE.get_or_init(|| Handle {
        dispatch: dispatch(),
    }) as *const Handle as *mut Handle
}

#[repr(C)]
struct Context {
    head: Handle,
}

mod run;

#[repr(C)]
pub(crate) struct Program {
    head: Handle,
    context: *mut Context,
    source: String,
    options: String,
    status: ClInt,
    log: Vec<u8>,
}

/// Writes an info value the OpenCL way: size query, then a copy if the buffer is large enough.
unsafe fn answer(bytes: &[u8], size: usize, value: *mut c_void, size_ret: *mut usize) -> ClInt {
    if !size_ret.is_null() {
        *size_ret = bytes.len();
    }
    if !value.is_null() {
        if size < bytes.len() {
            return CL_INVALID_VALUE;
        }
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), value.cast::<u8>(), bytes.len());
    }
    CL_SUCCESS
}

fn c_string(s: &str) -> Vec<u8> {
    let mut v = s.as_bytes().to_vec();
    v.push(0);
    v
}

// The exported entry points only forward to private functions, and the dispatch table names
// the private ones: `libOpenCL.so` exports the same names, and a table entry that resolved to the
// loader's `clGetPlatformInfo` would dispatch back to itself forever (ELF symbol interposition).

#[no_mangle]
pub unsafe extern "C" fn clIcdGetPlatformIDsKHR(
    num_entries: ClUint,
    platforms: *mut *mut c_void,
    num_platforms: *mut ClUint,
) -> ClInt {
    get_platform_ids(num_entries, platforms.cast(), num_platforms)
}

#[no_mangle]
pub unsafe extern "C" fn clGetExtensionFunctionAddress(name: *const c_char) -> *const c_void {
    get_extension_function_address(name)
}

#[no_mangle]
pub unsafe extern "C" fn clGetPlatformInfo(
    platform: *mut c_void,
    name: ClUint,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> ClInt {
    get_platform_info(platform.cast(), name, size, value, size_ret)
}

unsafe extern "C" fn get_platform_ids(
    num_entries: ClUint,
    platforms: *mut *mut Handle,
    num_platforms: *mut ClUint,
) -> ClInt {
    if (num_entries == 0 && !platforms.is_null()) || (num_entries > 0 && platforms.is_null()) {
        return CL_INVALID_VALUE;
    }
    if !platforms.is_null() {
        *platforms = platform();
    }
    if !num_platforms.is_null() {
        *num_platforms = 1;
    }
    CL_SUCCESS
}

unsafe extern "C" fn get_extension_function_address(name: *const c_char) -> *const c_void {
    if name.is_null() {
        return std::ptr::null();
    }
    match CStr::from_ptr(name).to_bytes() {
        b"clIcdGetPlatformIDsKHR" => get_platform_ids as *const c_void,
        b"clGetPlatformInfo" => get_platform_info as *const c_void,
        _ => std::ptr::null(),
    }
}

unsafe extern "C" fn get_platform_info(
    _platform: *mut Handle,
    name: ClUint,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> ClInt {
    let text = match name {
        0x0900 => "FULL_PROFILE",
        0x0901 => "OpenCL 1.2 clasp-fault-icd",
        0x0902 => "clasp fault-injecting ICD",
        0x0903 => "clasp",
        0x0904 => "cl_khr_icd",
        0x0920 => "FAULT",
        _ => return CL_INVALID_VALUE,
    };
    answer(&c_string(text), size, value, size_ret)
}

unsafe extern "C" fn get_device_ids(
    _platform: *mut Handle,
    device_type: u64,
    num_entries: ClUint,
    devices: *mut *mut Handle,
    num_devices: *mut ClUint,
) -> ClInt {
    // CL_DEVICE_TYPE_CPU (2), DEFAULT (1) and ALL (0xFFFFFFFF) find the one device.
    if device_type & 0x3 == 0 {
        return CL_DEVICE_NOT_FOUND;
    }
    if num_entries == 0 && !devices.is_null() {
        return CL_INVALID_VALUE;
    }
    if !devices.is_null() {
        *devices = device();
    }
    if !num_devices.is_null() {
        *num_devices = 1;
    }
    CL_SUCCESS
}

unsafe extern "C" fn get_device_info(
    _device: *mut Handle,
    name: ClUint,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> ClInt {
    let bytes: Vec<u8> = match name {
        0x1000 => 2u64.to_ne_bytes().to_vec(), // CL_DEVICE_TYPE: CPU
        0x1003 => 3u32.to_ne_bytes().to_vec(), // MAX_WORK_ITEM_DIMENSIONS
        0x1004 => 256usize.to_ne_bytes().to_vec(), // MAX_WORK_GROUP_SIZE
        0x1005 => [256usize; 3].iter().flat_map(|n| n.to_ne_bytes()).collect(), // MAX_WORK_ITEM_SIZES
        0x100D => 64u32.to_ne_bytes().to_vec(),                                 // ADDRESS_BITS
        0x1020 => 65536u64.to_ne_bytes().to_vec(), // MAX_CONSTANT_BUFFER_SIZE
        0x1021 => 8u32.to_ne_bytes().to_vec(),     // MAX_CONSTANT_ARGS
        0x1022 => 2u32.to_ne_bytes().to_vec(),     // LOCAL_MEM_TYPE: CL_GLOBAL
        0x1023 => 32768u64.to_ne_bytes().to_vec(), // LOCAL_MEM_SIZE
        0x1027 | 0x1028 => 1u32.to_ne_bytes().to_vec(), // AVAILABLE, COMPILER_AVAILABLE
        0x102B => c_string("fault device"),
        0x102C => c_string("clasp"),
        0x102D => c_string("0.1"),
        0x102E => c_string("FULL_PROFILE"),
        0x102F => c_string("OpenCL 1.2 clasp-fault-icd"),
        0x1030 => c_string(""),
        0x1031 => (platform() as usize).to_ne_bytes().to_vec(),
        0x103D => c_string("OpenCL C 1.2 clasp-fault-icd"),
        _ => return CL_INVALID_VALUE,
    };
    answer(&bytes, size, value, size_ret)
}

fn new_context(errcode: *mut ClInt) -> *mut Context {
    if !errcode.is_null() {
        unsafe { *errcode = CL_SUCCESS };
    }
    Box::into_raw(Box::new(Context {
        head: Handle {
            dispatch: dispatch(),
        },
    }))
}

unsafe extern "C" fn create_context(
    _properties: *const isize,
    _num_devices: ClUint,
    _devices: *const *mut Handle,
    _notify: *const c_void,
    _user_data: *mut c_void,
    errcode: *mut ClInt,
) -> *mut Context {
    new_context(errcode)
}

unsafe extern "C" fn create_context_from_type(
    _properties: *const isize,
    _device_type: u64,
    _notify: *const c_void,
    _user_data: *mut c_void,
    errcode: *mut ClInt,
) -> *mut Context {
    new_context(errcode)
}

/// Reference counts are not kept: a context lives as long as the process, and a program is
/// freed on its first release (clasp releases each program once).
unsafe extern "C" fn retain(_object: *mut Handle) -> ClInt {
    CL_SUCCESS
}

unsafe extern "C" fn release_context(_context: *mut Context) -> ClInt {
    CL_SUCCESS
}

unsafe extern "C" fn get_context_info(
    _context: *mut Context,
    name: ClUint,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> ClInt {
    let bytes: Vec<u8> = match name {
        0x1080 => 1u32.to_ne_bytes().to_vec(), // REFERENCE_COUNT
        0x1081 => (device() as usize).to_ne_bytes().to_vec(), // DEVICES
        0x1083 => 1u32.to_ne_bytes().to_vec(), // NUM_DEVICES
        _ => return CL_INVALID_VALUE,
    };
    answer(&bytes, size, value, size_ret)
}

unsafe extern "C" fn create_program_with_source(
    context: *mut Context,
    count: ClUint,
    strings: *const *const c_char,
    lengths: *const usize,
    errcode: *mut ClInt,
) -> *mut Program {
    if count == 0 || strings.is_null() {
        if !errcode.is_null() {
            *errcode = CL_INVALID_VALUE;
        }
        return std::ptr::null_mut();
    }
    let mut source = String::new();
    for i in 0..count as usize {
        let s = *strings.add(i);
        let len = if lengths.is_null() {
            0
        } else {
            *lengths.add(i)
        };
        let bytes = if len == 0 {
            CStr::from_ptr(s).to_bytes()
        } else {
            std::slice::from_raw_parts(s.cast::<u8>(), len)
        };
        source.push_str(&String::from_utf8_lossy(bytes));
    }
    if !errcode.is_null() {
        *errcode = CL_SUCCESS;
    }
    Box::into_raw(Box::new(Program {
        head: Handle {
            dispatch: dispatch(),
        },
        context,
        source,
        options: String::new(),
        status: CL_BUILD_NONE,
        log: Vec::new(),
    }))
}

unsafe extern "C" fn release_program(program: *mut Program) -> ClInt {
    if !program.is_null() {
        drop(Box::from_raw(program));
    }
    CL_SUCCESS
}

extern "C" {
    fn raise(signal: i32) -> i32;
    fn signal(signum: i32, handler: usize) -> usize;
}

const SIGSEGV: i32 = 11;
const SIG_DFL: usize = 0;

unsafe extern "C" fn build_program(
    program: *mut Program,
    _num_devices: ClUint,
    _devices: *const *mut Handle,
    options: *const c_char,
    _notify: *const c_void,
    _user_data: *mut c_void,
) -> ClInt {
    let Some(program) = program.as_mut() else {
        return CL_INVALID_VALUE;
    };
    program.options = if options.is_null() {
        String::new()
    } else {
        CStr::from_ptr(options).to_string_lossy().into_owned()
    };
    let source = &program.source;
    if source.contains("CLASP_FAULT_CRASH") {
        // The host process may handle SIGSEGV (Rust programs do, to report stack overflows), and
        // a raised signal that a handler returns from is gone: restore the default first.
        signal(SIGSEGV, SIG_DFL);
        raise(SIGSEGV);
    }
    if source.contains("CLASP_FAULT_ABORT") {
        std::process::abort();
    }
    if source.contains("CLASP_FAULT_HANG") {
        loop {
            std::thread::sleep(std::time::Duration::from_secs(3600));
        }
    }
    if source.contains("CLASP_FAULT_GARBAGE") {
        program.status = 0x7777;
        program.log = vec![0xff, 0xfe, b'g', b'a', b'r', b'b', 0xc3, b'!'];
        return CL_SUCCESS;
    }
    let unsupported_std = program
        .options
        .split_whitespace()
        .filter_map(|o| o.strip_prefix("-cl-std="))
        .find(|v| !matches!(v.to_ascii_uppercase().as_str(), "CL1.0" | "CL1.1" | "CL1.2"));
    if let Some(std) = unsupported_std {
        program.status = CL_BUILD_ERROR;
        program.log = format!("error: -cl-std={std} is not supported by this device").into_bytes();
        return CL_INVALID_BUILD_OPTIONS;
    }
    if source.contains("CLASP_FAULT_REJECT") {
        program.status = CL_BUILD_ERROR;
        program.log = b"<source>:1:1: error: rejected on request (CLASP_FAULT_REJECT)".to_vec();
        return CL_BUILD_PROGRAM_FAILURE;
    }
    program.status = CL_BUILD_SUCCESS;
    program.log.clear();
    CL_SUCCESS
}

unsafe extern "C" fn get_program_info(
    program: *mut Program,
    name: ClUint,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> ClInt {
    let Some(program) = program.as_ref() else {
        return CL_INVALID_VALUE;
    };
    let bytes: Vec<u8> = match name {
        0x1160 => 1u32.to_ne_bytes().to_vec(), // REFERENCE_COUNT
        0x1161 => (program.context as usize).to_ne_bytes().to_vec(), // CONTEXT
        0x1162 => 1u32.to_ne_bytes().to_vec(), // NUM_DEVICES
        0x1163 => (device() as usize).to_ne_bytes().to_vec(), // DEVICES
        0x1164 => c_string(&program.source),   // SOURCE
        0x1167 => run::kernels(&program.source).len().to_ne_bytes().to_vec(), // NUM_KERNELS
        0x1168 => c_string(
            &run::kernels(&program.source)
                .iter()
                .map(|(n, _)| n.as_str())
                .collect::<Vec<_>>()
                .join(";"),
        ), // KERNEL_NAMES
        _ => return CL_INVALID_VALUE,
    };
    answer(&bytes, size, value, size_ret)
}

unsafe extern "C" fn get_program_build_info(
    program: *mut Program,
    _device: *mut Handle,
    name: ClUint,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> ClInt {
    let Some(program) = program.as_ref() else {
        return CL_INVALID_VALUE;
    };
    let bytes: Vec<u8> = match name {
        0x1181 => program.status.to_ne_bytes().to_vec(),
        0x1182 => c_string(&program.options),
        0x1183 => {
            let mut log = program.log.clone();
            log.push(0);
            log
        }
        _ => return CL_INVALID_VALUE,
    };
    answer(&bytes, size, value, size_ret)
}
