//! A mutant OpenCL ICD: loads a real vendor library and plants one named bug in it
//! (`clasp-mutants` says which bugs there are; `clasp mutate` runs them).
//!
//! | variable               | meaning                                                        |
//! | ---------------------- | -------------------------------------------------------------- |
//! | `CLASP_MUTANT_TARGET`  | the vendor library to load (`libintelocl.so`, `libpocl.so.2`)  |
//! | `CLASP_MUTANT`         | the mutant's name; unknown names make the platform list empty  |
//! | `CLASP_MUTANT_LOG`     | optional: a file that gets one line each time the mutant acts  |
//!
//! Register it as any vendor (`OCL_ICD_VENDORS=<dir>` holding an `.icd` file that names this
//! library). It hands out the vendor's own objects, with one change: the dispatch pointer
//! (`cl_khr_icd`: the first word of every object) of the platforms, devices, contexts, queues,
//! programs and kernels it sees is replaced by a copy of the vendor's table in which the calls
//! the mutant changes point here. Every other call goes straight to the vendor. `CL_DRIVER_VERSION`
//! gets ` +mutant:<name>` appended, so results and caches of a mutated driver never pass for the
//! real one's.

#![allow(clippy::missing_safety_doc)]

mod calls;

use clasp_mutants::Mutant;
use std::collections::HashMap;
use std::ffi::{c_char, c_void, CStr, CString};
use std::io::Write as _;
use std::sync::{Mutex, OnceLock};

pub(crate) type Fp = *const c_void;
pub(crate) type ClInt = i32;

/// Entries of `_cl_icd_dispatch` up to OpenCL 3.0 (`clSetContextDestructorCallback`).
pub(crate) const TABLE_LEN: usize = 149;

/// A copy of a vendor's table with some entries replaced, and the vendor's own. `ours` comes
/// first, so the address an object points at is the `Table`'s.
#[repr(C)]
pub(crate) struct Table {
    ours: [Fp; TABLE_LEN],
    pub(crate) real: [Fp; TABLE_LEN],
    vendor: usize,
}

unsafe impl Send for Table {}
unsafe impl Sync for Table {}

/// The mutant this process runs, from `CLASP_MUTANT`.
pub(crate) fn mutant() -> Option<&'static Mutant> {
    static M: OnceLock<Option<&'static Mutant>> = OnceLock::new();
    *M.get_or_init(|| {
        let name = std::env::var("CLASP_MUTANT").unwrap_or_default();
        let m = clasp_mutants::find(&name);
        if m.is_none() {
            eprintln!("mutant-icd: CLASP_MUTANT={name:?} names no mutant (clasp mutate --list)");
        }
        m
    })
}

/// Notes that the mutant acted, in `CLASP_MUTANT_LOG` (one line, appended).
pub(crate) fn acted(what: &str) {
    if let Ok(path) = std::env::var("CLASP_MUTANT_LOG") {
        if let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
        {
            let _ = writeln!(f, "{} {what}", mutant().map_or("?", |m| m.name));
        }
    }
}

fn tables() -> &'static Mutex<Vec<&'static Table>> {
    static T: OnceLock<Mutex<Vec<&'static Table>>> = OnceLock::new();
    T.get_or_init(|| Mutex::new(Vec::new()))
}

/// Points `object` at our copy of its vendor's table (made on first sight of that table).
pub(crate) unsafe fn patch(object: *mut c_void) {
    if object.is_null() {
        return;
    }
    let slot = object as *mut *const c_void;
    let current = *slot;
    let mut all = tables().lock().unwrap_or_else(|e| e.into_inner());
    if all
        .iter()
        .any(|t| std::ptr::eq(*t as *const Table as *const c_void, current))
    {
        return;
    }
    // A vendor's table is known by its address, kept beside the copy.
    let table = match all.iter().find(|t| t.vendor == current as usize) {
        Some(t) => *t,
        None => {
            let real = std::ptr::read(current as *const [Fp; TABLE_LEN]);
            let mut ours = real;
            calls::replace(&mut ours);
            let t: &'static Table = Box::leak(Box::new(Table {
                ours,
                real,
                vendor: current as usize,
            }));
            all.push(t);
            t
        }
    };
    *slot = table as *const Table as *const c_void;
}

/// The vendor's entry `slot` for `object`, patched or not.
pub(crate) unsafe fn real(object: *mut c_void, slot: usize) -> Fp {
    let current = *(object as *const *const c_void);
    let ours = tables()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .find(|t| std::ptr::eq(**t as *const Table as *const c_void, current))
        .copied();
    match ours {
        Some(t) => t.real[slot],
        None => *(current as *const Fp).add(slot),
    }
}

/// The vendor library, loaded once.
fn vendor() -> Option<*mut c_void> {
    static V: OnceLock<usize> = OnceLock::new();
    let handle = *V.get_or_init(|| {
        let Ok(path) = std::env::var("CLASP_MUTANT_TARGET") else {
            eprintln!("mutant-icd: CLASP_MUTANT_TARGET is not set");
            return 0;
        };
        let c = CString::new(path.clone()).unwrap_or_default();
        let h = unsafe { libc::dlopen(c.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
        if h.is_null() {
            eprintln!("mutant-icd: cannot load {path}");
        }
        h as usize
    });
    (handle != 0).then_some(handle as *mut c_void)
}

type GetAddress = unsafe extern "C" fn(*const c_char) -> Fp;
type IcdGetPlatforms = unsafe extern "C" fn(u32, *mut *mut c_void, *mut u32) -> ClInt;

unsafe fn vendor_symbol(name: &CStr) -> Fp {
    let Some(h) = vendor() else {
        return std::ptr::null();
    };
    let get = libc::dlsym(h, c"clGetExtensionFunctionAddress".as_ptr());
    if !get.is_null() {
        let get: GetAddress = std::mem::transmute(get);
        let f = get(name.as_ptr());
        if !f.is_null() {
            return f;
        }
    }
    libc::dlsym(h, name.as_ptr()) as Fp
}

const CL_PLATFORM_NOT_FOUND_KHR: ClInt = -1001;

#[no_mangle]
pub unsafe extern "C" fn clIcdGetPlatformIDsKHR(
    num_entries: u32,
    platforms: *mut *mut c_void,
    num_platforms: *mut u32,
) -> ClInt {
    let f = vendor_symbol(c"clIcdGetPlatformIDsKHR");
    if f.is_null() || mutant().is_none() {
        if !num_platforms.is_null() {
            *num_platforms = 0;
        }
        return CL_PLATFORM_NOT_FOUND_KHR;
    }
    let f: IcdGetPlatforms = std::mem::transmute(f);
    let rc = f(num_entries, platforms, num_platforms);
    if rc == 0 && !platforms.is_null() {
        let n = if num_platforms.is_null() {
            num_entries
        } else {
            (*num_platforms).min(num_entries)
        };
        for i in 0..n as usize {
            patch(*platforms.add(i));
        }
    }
    rc
}

#[no_mangle]
pub unsafe extern "C" fn clGetExtensionFunctionAddress(name: *const c_char) -> Fp {
    if name.is_null() {
        return std::ptr::null();
    }
    let n = CStr::from_ptr(name);
    if n.to_bytes() == b"clIcdGetPlatformIDsKHR" {
        return clIcdGetPlatformIDsKHR as Fp;
    }
    vendor_symbol(n)
}

/// Per-program and per-kernel facts the mutants need, by handle.
#[derive(Default)]
pub(crate) struct State {
    /// Program → (source as the vendor got it, the last build's options, whether a failed
    /// build was reported built).
    pub programs: HashMap<usize, Program>,
    /// Kernel → what it was made from and the arguments set on it.
    pub kernels: HashMap<usize, Kernel>,
}

#[derive(Default, Clone)]
pub(crate) struct Program {
    pub context: usize,
    pub source: Option<String>,
    pub options: String,
    pub faked: bool,
}

#[derive(Default, Clone)]
pub(crate) struct Kernel {
    pub program: usize,
    pub name: String,
    /// Argument index → (size, value bytes or None for NULL).
    pub args: HashMap<u32, (usize, Option<Vec<u8>>)>,
}

pub(crate) fn state() -> std::sync::MutexGuard<'static, State> {
    static S: OnceLock<Mutex<State>> = OnceLock::new();
    S.get_or_init(|| Mutex::new(State::default()))
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}
