//! The calls the mutant layer answers itself: the ones a mutant changes, and the ones that make
//! programs and kernels (to know what each was made from). Each forwards to the loader's next
//! entry of the same slot.

use crate::{acted, mutant, next, state, ClInt, Fp, Kernel, Program, TABLE_LEN};
use clasp_mutants::{Api, DeviceQuery, How};
use std::ffi::{c_char, c_void, CStr, CString};

type Obj = *mut c_void;

/// Slots of `_cl_icd_dispatch` (cl_icd.h order).
mod slot {
    pub const GET_DEVICE_INFO: usize = 3;
    pub const CREATE_PROGRAM_WITH_SOURCE: usize = 26;
    pub const RELEASE_PROGRAM: usize = 29;
    pub const BUILD_PROGRAM: usize = 30;
    pub const GET_PROGRAM_INFO: usize = 32;
    pub const GET_PROGRAM_BUILD_INFO: usize = 33;
    pub const CREATE_KERNEL: usize = 34;
    pub const CREATE_KERNELS_IN_PROGRAM: usize = 35;
    pub const RELEASE_KERNEL: usize = 37;
    pub const SET_KERNEL_ARG: usize = 38;
    pub const GET_KERNEL_WORK_GROUP_INFO: usize = 40;
    pub const ENQUEUE_ND_RANGE_KERNEL: usize = 59;
    pub const GET_KERNEL_ARG_INFO: usize = 101;
    pub const ENQUEUE_MARKER_WITH_WAIT_LIST: usize = 105;
    pub const CLONE_KERNEL: usize = 137;
}

const CL_DRIVER_VERSION: u32 = 0x102D;
const CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT: u32 = 0x1069;
const CL_DEVICE_OPENCL_C_ALL_VERSIONS: u32 = 0x1066;
const CL_DEVICE_OPENCL_C_FEATURES: u32 = 0x106F;
const CL_PROGRAM_DEVICES: u32 = 0x1163;
const CL_PROGRAM_BUILD_STATUS: u32 = 0x1181;
const CL_PROGRAM_BUILD_LOG: u32 = 0x1183;
const CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE: u32 = 0x1185;
const CL_KERNEL_FUNCTION_NAME: u32 = 0x1190;
const CL_KERNEL_ARG_ADDRESS_QUALIFIER: u32 = 0x1196;
const CL_KERNEL_LOCAL_MEM_SIZE: u32 = 0x11B2;
const CL_BUILD_PROGRAM_FAILURE: ClInt = -11;
const CL_INVALID_VALUE: ClInt = -30;
const CL_INVALID_BUILD_OPTIONS: ClInt = -43;
const CL_INVALID_ARG_VALUE: ClInt = -50;
/// `cl_name_version`: a `cl_version` and a 64-byte name.
const NAME_VERSION: usize = 68;

/// Our table: the entries every mutant needs and the ones this mutant changes.
pub(crate) fn replace(t: &mut [Fp; TABLE_LEN]) {
    t[slot::GET_DEVICE_INFO] = get_device_info as Fp;
    t[slot::CREATE_PROGRAM_WITH_SOURCE] = create_program_with_source as Fp;
    t[slot::BUILD_PROGRAM] = build_program as Fp;
    t[slot::GET_PROGRAM_BUILD_INFO] = get_program_build_info as Fp;
    t[slot::CREATE_KERNEL] = create_kernel as Fp;
    t[slot::CREATE_KERNELS_IN_PROGRAM] = create_kernels_in_program as Fp;
    t[slot::CLONE_KERNEL] = clone_kernel as Fp;
    t[slot::SET_KERNEL_ARG] = set_kernel_arg as Fp;
    t[slot::GET_KERNEL_WORK_GROUP_INFO] = get_kernel_work_group_info as Fp;
    t[slot::GET_KERNEL_ARG_INFO] = get_kernel_arg_info as Fp;
    t[slot::ENQUEUE_ND_RANGE_KERNEL] = enqueue_nd_range_kernel as Fp;
}

fn how() -> Option<How> {
    mutant().map(|m| m.how)
}

type Info = unsafe extern "C" fn(Obj, u32, usize, *mut c_void, *mut usize) -> ClInt;
type Info2 = unsafe extern "C" fn(Obj, Obj, u32, usize, *mut c_void, *mut usize) -> ClInt;
type ArgInfo = unsafe extern "C" fn(Obj, u32, u32, usize, *mut c_void, *mut usize) -> ClInt;

/// An info query's whole answer, through `query(size, value, size_ret)`.
unsafe fn whole(query: &dyn Fn(usize, *mut c_void, *mut usize) -> ClInt) -> Option<Vec<u8>> {
    let mut n = 0usize;
    if query(0, std::ptr::null_mut(), &mut n) != 0 {
        return None;
    }
    let mut bytes = vec![0u8; n];
    (query(n, bytes.as_mut_ptr().cast(), std::ptr::null_mut()) == 0).then_some(bytes)
}

/// Answers an info query the OpenCL way: the size, then the bytes if the buffer holds them.
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
    0
}

/// Forwards a query, or answers `change(whole answer)` when that is `Some`.
unsafe fn changed(
    query: &dyn Fn(usize, *mut c_void, *mut usize) -> ClInt,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
    change: &dyn Fn(Vec<u8>) -> Option<Vec<u8>>,
) -> ClInt {
    match whole(query).and_then(change) {
        Some(bytes) => answer(&bytes, size, value, size_ret),
        None => query(size, value, size_ret),
    }
}

fn number(bytes: &[u8]) -> u64 {
    let mut b = [0u8; 8];
    let n = bytes.len().min(8);
    b[..n].copy_from_slice(&bytes[..n]);
    u64::from_ne_bytes(b)
}

fn with_number(bytes: &[u8], v: u64) -> Vec<u8> {
    v.to_ne_bytes()[..bytes.len().min(8)].to_vec()
}

/// The names in an array of `cl_name_version`, without those `drop` picks.
fn without_names(bytes: Vec<u8>, drop: &dyn Fn(u32, &str) -> bool) -> Option<Vec<u8>> {
    let mut kept = Vec::with_capacity(bytes.len());
    for e in bytes.chunks(NAME_VERSION) {
        let version = number(&e[..4]) as u32;
        let name = CStr::from_bytes_until_nul(&e[4..])
            .map(|c| c.to_string_lossy().into_owned())
            .unwrap_or_default();
        if !drop(version, &name) {
            kept.extend_from_slice(e);
        }
    }
    (kept.len() != bytes.len()).then_some(kept)
}

unsafe extern "C" fn get_device_info(
    d: Obj,
    name: u32,
    size: usize,
    value: *mut c_void,
    ret: *mut usize,
) -> ClInt {
    let f: Info = std::mem::transmute(next(slot::GET_DEVICE_INFO));
    let query = |s, v, r| f(d, name, s, v, r);
    let how = how();
    let change = |bytes: Vec<u8>| -> Option<Vec<u8>> {
        if name == CL_DRIVER_VERSION {
            let text = String::from_utf8_lossy(&bytes)
                .trim_end_matches('\0')
                .to_string();
            let m = mutant().map_or("?", |m| m.name);
            return Some(format!("{text} +mutant:{m}\0").into_bytes());
        }
        let out = match how? {
            How::Device(DeviceQuery::Times4(p)) if p == name => {
                Some(with_number(&bytes, number(&bytes).saturating_mul(4)))
            }
            How::Device(DeviceQuery::NoGenericFeature) if name == CL_DEVICE_OPENCL_C_FEATURES => {
                without_names(bytes, &|_, n| n == "__opencl_c_generic_address_space")
            }
            How::Device(DeviceQuery::NoGenericFeature)
                if name == CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT =>
            {
                (number(&bytes) != 0).then(|| with_number(&bytes, 0))
            }
            How::Device(DeviceQuery::NoOpenClC20) if name == CL_DEVICE_OPENCL_C_ALL_VERSIONS => {
                without_names(bytes, &|v, _| v >> 22 == 2)
            }
            _ => None,
        };
        if out.is_some() {
            acted(&format!("device query {name:#x}"));
        }
        out
    };
    changed(&query, size, value, ret, &change)
}

type CreateSource =
    unsafe extern "C" fn(Obj, u32, *const *const c_char, *const usize, *mut ClInt) -> Obj;

unsafe extern "C" fn create_program_with_source(
    c: Obj,
    count: u32,
    strings: *const *const c_char,
    lengths: *const usize,
    err: *mut ClInt,
) -> Obj {
    let f: CreateSource = std::mem::transmute(next(slot::CREATE_PROGRAM_WITH_SOURCE));
    if strings.is_null() || count == 0 {
        return f(c, count, strings, lengths, err);
    }
    let mut source = String::new();
    for i in 0..count as usize {
        let s = *strings.add(i);
        if s.is_null() {
            return f(c, count, strings, lengths, err);
        }
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
    if let Some(How::Source(rewrite)) = how() {
        if let Some(new) = rewrite(&source) {
            acted("program text rewritten");
            source = new;
        }
    }
    let p = create_from(c, &source, err);
    if !p.is_null() {
        state().programs.insert(
            p as usize,
            Program {
                context: c as usize,
                source: Some(source),
                ..Program::default()
            },
        );
    }
    p
}

/// A program of `source` in context `c`, made by the driver.
unsafe fn create_from(c: Obj, source: &str, err: *mut ClInt) -> Obj {
    let f: CreateSource = std::mem::transmute(next(slot::CREATE_PROGRAM_WITH_SOURCE));
    let ptr = source.as_ptr() as *const c_char;
    let len = source.len();
    f(c, 1, &ptr, &len, err)
}

type Build = unsafe extern "C" fn(Obj, u32, *const Obj, *const c_char, Fp, Obj) -> ClInt;

/// `-cl-std=...` taken out of `options`, if it was there.
fn without_std(options: &str) -> Option<String> {
    let words: Vec<&str> = options.split_whitespace().collect();
    let kept: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !w.starts_with("-cl-std="))
        .collect();
    (kept.len() != words.len()).then(|| kept.join(" "))
}

unsafe extern "C" fn build_program(
    p: Obj,
    n: u32,
    devices: *const Obj,
    options: *const c_char,
    notify: Fp,
    user: Obj,
) -> ClInt {
    let f: Build = std::mem::transmute(next(slot::BUILD_PROGRAM));
    let mut opts = if options.is_null() {
        String::new()
    } else {
        CStr::from_ptr(options).to_string_lossy().into_owned()
    };
    if let Some(How::Cl1xAs20) = how() {
        if opts.contains("-cl-std=CL1.") {
            let new = opts
                .split_whitespace()
                .map(|w| {
                    if w.starts_with("-cl-std=CL1.") {
                        "-cl-std=CL2.0"
                    } else {
                        w
                    }
                })
                .collect::<Vec<_>>()
                .join(" ");
            acted("-cl-std=CL1.x built as CL2.0");
            opts = new;
        }
    }
    state().programs.entry(p as usize).or_default().options = opts.clone();
    let build = |o: &str| {
        let c = CString::new(o).unwrap_or_default();
        f(p, n, devices, c.as_ptr(), notify, user)
    };
    let rc = build(&opts);
    match how() {
        Some(How::StdFallback)
            if rc == CL_INVALID_BUILD_OPTIONS || rc == CL_BUILD_PROGRAM_FAILURE =>
        {
            if let Some(o) = without_std(&opts) {
                let again = build(&o);
                if again == 0 {
                    acted("unsupported -cl-std built without it");
                    state().programs.entry(p as usize).or_default().options = o;
                    return 0;
                }
            }
            rc
        }
        Some(How::AcceptErrors(texts)) if rc == CL_BUILD_PROGRAM_FAILURE => {
            let log = build_log(p, n, devices);
            let errors: Vec<&str> = log.lines().filter(|l| l.contains("error:")).collect();
            if !errors.is_empty() && errors.iter().all(|l| texts.iter().any(|t| l.contains(t))) {
                acted("failed build reported built");
                state().programs.entry(p as usize).or_default().faked = true;
                return 0;
            }
            rc
        }
        _ => rc,
    }
}

/// The build log of `p` on the first device the build named, or the program's first device.
unsafe fn build_log(p: Obj, n: u32, devices: *const Obj) -> String {
    let device = if n > 0 && !devices.is_null() {
        *devices
    } else {
        let f: Info = std::mem::transmute(next(slot::GET_PROGRAM_INFO));
        let mut d: Obj = std::ptr::null_mut();
        if f(
            p,
            CL_PROGRAM_DEVICES,
            std::mem::size_of::<Obj>(),
            (&mut d as *mut Obj).cast(),
            std::ptr::null_mut(),
        ) != 0
        {
            return String::new();
        }
        d
    };
    let f: Info2 = std::mem::transmute(next(slot::GET_PROGRAM_BUILD_INFO));
    whole(&|s, v, r| f(p, device, CL_PROGRAM_BUILD_LOG, s, v, r))
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_default()
}

unsafe extern "C" fn get_program_build_info(
    p: Obj,
    d: Obj,
    name: u32,
    size: usize,
    value: *mut c_void,
    ret: *mut usize,
) -> ClInt {
    let f: Info2 = std::mem::transmute(next(slot::GET_PROGRAM_BUILD_INFO));
    let faked = state().programs.get(&(p as usize)).is_some_and(|s| s.faked);
    if faked && name == CL_PROGRAM_BUILD_STATUS {
        return answer(&0i32.to_ne_bytes(), size, value, ret);
    }
    if let Some(How::Api(Api::GlobalVariableTotalZero)) = how() {
        if name == CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE {
            let query = |s, v, r| f(p, d, name, s, v, r);
            return changed(&query, size, value, ret, &|b| {
                (number(&b) != 0).then(|| {
                    acted("global variable total size 0");
                    with_number(&b, 0)
                })
            });
        }
    }
    f(p, d, name, size, value, ret)
}

type CreateKernel = unsafe extern "C" fn(Obj, *const c_char, *mut ClInt) -> Obj;

/// A copy of program `p` built as it was (the driver's), or null.
unsafe fn copy_of(p: usize) -> Obj {
    let Some(prog) = state().programs.get(&p).cloned() else {
        return std::ptr::null_mut();
    };
    let Some(source) = prog.source else {
        return std::ptr::null_mut();
    };
    let mut err = 0;
    let copy = create_from(prog.context as Obj, &source, &mut err);
    if copy.is_null() {
        return copy;
    }
    let f: Build = std::mem::transmute(next(slot::BUILD_PROGRAM));
    let o = CString::new(prog.options).unwrap_or_default();
    if f(
        copy,
        0,
        std::ptr::null(),
        o.as_ptr(),
        std::ptr::null(),
        std::ptr::null_mut(),
    ) != 0
    {
        release(copy, slot::RELEASE_PROGRAM);
        return std::ptr::null_mut();
    }
    copy
}

unsafe fn release(o: Obj, s: usize) {
    type F = unsafe extern "C" fn(Obj) -> ClInt;
    let f: F = std::mem::transmute(next(s));
    f(o);
}

fn static_storage(p: usize) -> bool {
    state()
        .programs
        .get(&p)
        .and_then(|s| s.source.as_deref())
        .is_some_and(clasp_mutants::text::has_static_storage)
}

unsafe extern "C" fn create_kernel(p: Obj, name: *const c_char, err: *mut ClInt) -> Obj {
    let f: CreateKernel = std::mem::transmute(next(slot::CREATE_KERNEL));
    let mut from = p;
    if let Some(How::Api(Api::ProgramPerKernel)) = how() {
        if static_storage(p as usize) {
            let copy = copy_of(p as usize);
            if !copy.is_null() {
                acted("kernel made from its own copy of the program");
                from = copy;
            }
        }
    }
    let k = f(from, name, err);
    if from != p {
        // The kernel keeps its program alive.
        release(from, slot::RELEASE_PROGRAM);
    }
    if !k.is_null() {
        let n = if name.is_null() {
            String::new()
        } else {
            CStr::from_ptr(name).to_string_lossy().into_owned()
        };
        state().kernels.insert(
            k as usize,
            Kernel {
                program: p as usize,
                name: n,
                ..Kernel::default()
            },
        );
    }
    k
}

unsafe extern "C" fn create_kernels_in_program(
    p: Obj,
    n: u32,
    kernels: *mut Obj,
    ret: *mut u32,
) -> ClInt {
    type F = unsafe extern "C" fn(Obj, u32, *mut Obj, *mut u32) -> ClInt;
    let f: F = std::mem::transmute(next(slot::CREATE_KERNELS_IN_PROGRAM));
    let rc = f(p, n, kernels, ret);
    if rc == 0 && !kernels.is_null() {
        for i in 0..n as usize {
            let k = *kernels.add(i);
            state().kernels.insert(
                k as usize,
                Kernel {
                    program: p as usize,
                    name: kernel_name(k),
                    ..Kernel::default()
                },
            );
        }
    }
    rc
}

unsafe fn kernel_name(k: Obj) -> String {
    let f: Info = std::mem::transmute(next(39));
    whole(&|s, v, r| f(k, CL_KERNEL_FUNCTION_NAME, s, v, r))
        .map(|b| {
            String::from_utf8_lossy(&b)
                .trim_end_matches('\0')
                .to_string()
        })
        .unwrap_or_default()
}

unsafe extern "C" fn clone_kernel(k: Obj, err: *mut ClInt) -> Obj {
    type F = unsafe extern "C" fn(Obj, *mut ClInt) -> Obj;
    let f: F = std::mem::transmute(next(slot::CLONE_KERNEL));
    let c = f(k, err);
    if !c.is_null() {
        let mut s = state();
        if let Some(info) = s.kernels.get(&(k as usize)).cloned() {
            s.kernels.insert(c as usize, info);
        }
    }
    c
}

type SetArg = unsafe extern "C" fn(Obj, u32, usize, *const c_void) -> ClInt;

unsafe extern "C" fn set_kernel_arg(k: Obj, i: u32, size: usize, value: *const c_void) -> ClInt {
    let f: SetArg = std::mem::transmute(next(slot::SET_KERNEL_ARG));
    let mut rc = match how() {
        Some(How::Api(Api::LocalArgHalfSize)) if value.is_null() && size >= 2 => {
            acted("__local argument given half its size");
            f(k, i, size / 2, value)
        }
        _ => f(k, i, size, value),
    };
    let mut stored =
        (!value.is_null()).then(|| std::slice::from_raw_parts(value.cast::<u8>(), size).to_vec());
    if rc == CL_INVALID_ARG_VALUE && !value.is_null() {
        if let Some(How::Api(Api::LocalArgValueAccepted)) = how() {
            rc = f(k, i, size, std::ptr::null());
            if rc == 0 {
                acted("non-NULL value for a __local argument accepted");
                stored = None;
            }
        }
    }
    if rc == 0 {
        if let Some(kernel) = state().kernels.get_mut(&(k as usize)) {
            kernel.args.insert(i, (size, stored));
        }
    }
    rc
}

unsafe extern "C" fn get_kernel_work_group_info(
    k: Obj,
    d: Obj,
    name: u32,
    size: usize,
    value: *mut c_void,
    ret: *mut usize,
) -> ClInt {
    let f: Info2 = std::mem::transmute(next(slot::GET_KERNEL_WORK_GROUP_INFO));
    let query = |s, v, r| f(k, d, name, s, v, r);
    if name != CL_KERNEL_LOCAL_MEM_SIZE {
        return query(size, value, ret);
    }
    let local_args: u64 = state()
        .kernels
        .get(&(k as usize))
        .map(|kernel| {
            kernel
                .args
                .values()
                .filter(|a| a.1.is_none())
                .map(|a| a.0 as u64)
                .sum()
        })
        .unwrap_or(0);
    changed(&query, size, value, ret, &|b| {
        let out = match how()? {
            How::Api(Api::KernelLocalMemZero) if number(&b) != 0 => Some(with_number(&b, 0)),
            How::Api(Api::KernelLocalMemWithoutArgs) if local_args > 0 => {
                Some(with_number(&b, number(&b).saturating_sub(local_args)))
            }
            _ => None,
        };
        if out.is_some() {
            acted("kernel local memory size");
        }
        out
    })
}

unsafe extern "C" fn get_kernel_arg_info(
    k: Obj,
    i: u32,
    name: u32,
    size: usize,
    value: *mut c_void,
    ret: *mut usize,
) -> ClInt {
    let f: ArgInfo = std::mem::transmute(next(slot::GET_KERNEL_ARG_INFO));
    let query = |s, v, r| f(k, i, name, s, v, r);
    match how() {
        Some(How::Api(Api::ArgQualifier { from, to }))
            if name == CL_KERNEL_ARG_ADDRESS_QUALIFIER =>
        {
            changed(&query, size, value, ret, &|b| {
                (number(&b) as u32 == from).then(|| {
                    acted("argument address qualifier");
                    with_number(&b, u64::from(to))
                })
            })
        }
        _ => query(size, value, ret),
    }
}

type Enqueue = unsafe extern "C" fn(
    Obj,
    Obj,
    u32,
    *const usize,
    *const usize,
    *const usize,
    u32,
    *const Obj,
    *mut Obj,
) -> ClInt;

#[allow(clippy::too_many_arguments)]
unsafe extern "C" fn enqueue_nd_range_kernel(
    q: Obj,
    k: Obj,
    dims: u32,
    offset: *const usize,
    global: *const usize,
    local: *const usize,
    nwait: u32,
    wait: *const Obj,
    event: *mut Obj,
) -> ClInt {
    let f: Enqueue = std::mem::transmute(next(slot::ENQUEUE_ND_RANGE_KERNEL));
    match how() {
        Some(How::Api(Api::EnqueueErrorsSwallowed)) => {
            let rc = f(q, k, dims, offset, global, local, nwait, wait, event);
            if rc == 0 {
                return 0;
            }
            acted("failed launch reported run");
            if !event.is_null() {
                type Marker = unsafe extern "C" fn(Obj, u32, *const Obj, *mut Obj) -> ClInt;
                let m: Marker = std::mem::transmute(next(slot::ENQUEUE_MARKER_WITH_WAIT_LIST));
                return m(q, 0, std::ptr::null(), event);
            }
            0
        }
        Some(How::Api(Api::FreshProgramPerLaunch)) => {
            let info = state().kernels.get(&(k as usize)).cloned();
            if let Some(info) = info.filter(|i| static_storage(i.program)) {
                if let Some(fresh) = fresh_kernel(&info) {
                    acted("launch on a fresh copy of the program");
                    let rc = f(q, fresh, dims, offset, global, local, nwait, wait, event);
                    release(fresh, slot::RELEASE_KERNEL);
                    return rc;
                }
            }
            f(q, k, dims, offset, global, local, nwait, wait, event)
        }
        _ => f(q, k, dims, offset, global, local, nwait, wait, event),
    }
}

/// Kernel `info.name` of a fresh copy of its program, with the same arguments set.
unsafe fn fresh_kernel(info: &Kernel) -> Option<Obj> {
    let copy = copy_of(info.program);
    if copy.is_null() {
        return None;
    }
    let f: CreateKernel = std::mem::transmute(next(slot::CREATE_KERNEL));
    let name = CString::new(info.name.clone()).ok()?;
    let mut err = 0;
    let k = f(copy, name.as_ptr(), &mut err);
    release(copy, slot::RELEASE_PROGRAM);
    if k.is_null() {
        return None;
    }
    let set: SetArg = std::mem::transmute(next(slot::SET_KERNEL_ARG));
    for (i, (size, value)) in &info.args {
        let v = value
            .as_ref()
            .map_or(std::ptr::null(), |v| v.as_ptr().cast());
        if set(k, *i, *size, v) != 0 {
            release(k, slot::RELEASE_KERNEL);
            return None;
        }
    }
    Some(k)
}
