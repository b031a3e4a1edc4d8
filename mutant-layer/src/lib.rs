//! The mutant layer: an OpenCL loader layer (`cl_loader_layers`) that plants one named bug in
//! whatever driver the ICD loader loads (`clasp-mutants` says which bugs there are; `clasp
//! mutate` runs them).
//!
//! | variable            | meaning                                                       |
//! | ------------------- | ------------------------------------------------------------- |
//! | `OPENCL_LAYERS`     | this library (read by the ICD loader)                         |
//! | `CLASP_MUTANT`      | the mutant's name; an unknown name plants nothing             |
//! | `CLASP_MUTANT_LOG`  | optional: a file that gets one line each time the mutant acts |
//!
//! The loader gives `clInitLayer` its next table, and every call of the application comes here
//! first. The driver's objects are never touched (a layer, unlike a wrapping vendor library,
//! does not replace their dispatch pointers, which drivers such as Oclgrind check). Every call a
//! mutant does not change goes straight on. `CL_DRIVER_VERSION` gets ` +mutant:<name>` appended,
//! so results and caches of a mutated driver never pass for the real one's.

#![allow(clippy::missing_safety_doc)]

mod calls;

use clasp_mutants::Mutant;
use std::collections::HashMap;
use std::ffi::c_void;
use std::io::Write as _;
use std::sync::{Mutex, OnceLock};

pub(crate) type Fp = *const c_void;
pub(crate) type ClInt = i32;

/// Entries of `_cl_icd_dispatch` up to OpenCL 3.0 (`clSetContextDestructorCallback`).
pub(crate) const TABLE_LEN: usize = 149;

/// The mutant this process runs, from `CLASP_MUTANT`.
pub(crate) fn mutant() -> Option<&'static Mutant> {
    static M: OnceLock<Option<&'static Mutant>> = OnceLock::new();
    *M.get_or_init(|| {
        let name = std::env::var("CLASP_MUTANT").unwrap_or_default();
        let m = clasp_mutants::find(&name);
        if m.is_none() {
            eprintln!("mutant-layer: CLASP_MUTANT={name:?} names no mutant (clasp mutate --list)");
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

/// The loader's next table, when this library was loaded as a layer.
struct Layer(Vec<Fp>);
unsafe impl Send for Layer {}
unsafe impl Sync for Layer {}
static LAYER: OnceLock<Layer> = OnceLock::new();

const CL_LAYER_API_VERSION: u32 = 0x4240;
const CL_LAYER_NAME: u32 = 0x4241;
const CL_LAYER_API_VERSION_100: u32 = 100;
const CL_INVALID_VALUE: ClInt = -30;

#[no_mangle]
pub unsafe extern "C" fn clGetLayerInfo(
    param: u32,
    size: usize,
    value: *mut c_void,
    size_ret: *mut usize,
) -> ClInt {
    let bytes: Vec<u8> = match param {
        CL_LAYER_API_VERSION => CL_LAYER_API_VERSION_100.to_ne_bytes().to_vec(),
        CL_LAYER_NAME => b"clasp mutant layer\0".to_vec(),
        _ => return CL_INVALID_VALUE,
    };
    if !size_ret.is_null() {
        *size_ret = bytes.len();
    }
    if !value.is_null() {
        if size < bytes.len() {
            return CL_INVALID_VALUE;
        }
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), value as *mut u8, bytes.len());
    }
    0
}

/// Takes the loader's next table and answers ours: a copy with the mutant's calls replaced.
#[no_mangle]
pub unsafe extern "C" fn clInitLayer(
    num_entries: u32,
    target: *const Fp,
    num_entries_ret: *mut u32,
    layer_dispatch: *mut *const Fp,
) -> ClInt {
    if target.is_null() || num_entries_ret.is_null() || layer_dispatch.is_null() {
        return CL_INVALID_VALUE;
    }
    let n = num_entries as usize;
    let next = std::slice::from_raw_parts(target, n).to_vec();
    let layer = LAYER.get_or_init(|| Layer(next));
    let mut ours = [std::ptr::null(); TABLE_LEN];
    let common = n.min(TABLE_LEN);
    ours[..common].copy_from_slice(&layer.0[..common]);
    calls::replace(&mut ours);
    let mut table = layer.0.clone();
    table[..common].copy_from_slice(&ours[..common]);
    *layer_dispatch = Box::leak(table.into_boxed_slice()).as_ptr();
    *num_entries_ret = num_entries;
    0
}

/// The driver's entry `slot`: the loader's next table (null before `clInitLayer`).
pub(crate) fn next(slot: usize) -> Fp {
    LAYER
        .get()
        .and_then(|l| l.0.get(slot).copied())
        .unwrap_or(std::ptr::null())
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
