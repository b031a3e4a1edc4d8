//! `clasp worker libclang --library L --include DIR --wheel W`: clang's front end through libclang
//! (loaded at run time with `clang-sys`), answering build requests like a device worker.
//!
//! Each request is parsed from memory (an unsaved file, `case.cl`) with its options plus the
//! resource headers; the build is rejected when libclang reports an error or a fatal error.
//! The hello names `clang_getClangVersion()` and the wheel it came from. libclang keeps no state between parses but the
//! index, so one worker serves a whole run; a crash or hang is the harness's to handle.

use super::protocol::{BuildStatus, Hello, Request, Response};
use super::worker::{Channel, MAX_LOG};
use crate::results::Actual;
use clang_sys::*;
use std::ffi::{CStr, CString};
use std::os::raw::{c_char, c_int, c_ulong};
use std::path::Path;
use std::time::Instant;

/// The name the case is parsed under (it is never on disk).
const FILE: &CStr = c"case.cl";

/// A `CXString` as a Rust string, disposed.
///
/// # Safety
/// `s` must be a `CXString` libclang returned and nobody disposed.
unsafe fn text(s: CXString) -> String {
    let p = clang_getCString(s);
    let out = if p.is_null() {
        String::new()
    } else {
        CStr::from_ptr(p).to_string_lossy().into_owned()
    };
    clang_disposeString(s);
    out
}

/// Loads libclang from `library`; its version.
fn load(library: &Path) -> Result<String, String> {
    // clang-sys finds the library through this variable (a file path is taken as is).
    std::env::set_var("LIBCLANG_PATH", library);
    clang_sys::load()?;
    // SAFETY: the library is loaded, and this returns an owned CXString.
    Ok(unsafe { text(clang_getClangVersion()) })
}

/// `clasp worker libclang`.
pub fn main(library: &Path, include: &Path, wheel: &str) -> anyhow::Result<()> {
    let mut channel = Channel::open()?;
    let version = match load(library) {
        Ok(v) => v,
        Err(e) => {
            channel.say(&Hello {
                identity: None,
                error: Some(format!("cannot load {}: {e}", library.display())),
            })?;
            return Ok(());
        }
    };
    channel.say(&Hello {
        identity: Some(format!("{version} ({wheel})")),
        error: None,
    })?;
    let include = include.display().to_string();
    // SAFETY: libclang is loaded; the index lives until the end of this function.
    let index = unsafe { clang_createIndex(0, 0) };
    channel.serve(|req| Ok(parse(index, &include, &req)))?;
    // SAFETY: every translation unit made from it is disposed.
    unsafe { clang_disposeIndex(index) };
    Ok(())
}

/// Parses one request.
fn parse(index: CXIndex, include: &str, req: &Request) -> Response {
    let mut resp = Response {
        id: req.id,
        status: BuildStatus::Invalid,
        code: String::new(),
        log: String::new(),
        build_ms: 0.0,
        actual: None,
        members: Vec::new(),
    };
    let mut args: Vec<&str> = req.options.split_whitespace().collect();
    args.extend(["-Xclang", "-internal-isystem", "-Xclang", include]);
    let Ok(args) = args
        .into_iter()
        .map(CString::new)
        .collect::<Result<Vec<_>, _>>()
    else {
        resp.log = "options contain a NUL byte".into();
        return resp;
    };
    let argv: Vec<*const c_char> = args.iter().map(|a| a.as_ptr()).collect();
    let mut unsaved = CXUnsavedFile {
        Filename: FILE.as_ptr(),
        Contents: req.source.as_ptr() as *const c_char,
        Length: req.source.len() as c_ulong,
    };
    let mut tu: CXTranslationUnit = std::ptr::null_mut();
    let start = Instant::now();
    // SAFETY: every pointer lives until the call returns; `tu` is disposed below.
    let err = unsafe {
        clang_parseTranslationUnit2(
            index,
            FILE.as_ptr(),
            argv.as_ptr(),
            argv.len() as c_int,
            &mut unsaved,
            1,
            CXTranslationUnit_None,
            &mut tu,
        )
    };
    resp.build_ms = start.elapsed().as_secs_f64() * 1e3;
    if err != CXError_Success || tu.is_null() {
        if err == CXError_Crashed {
            // libclang caught a crash of the front end and recovered.
            resp.actual = Some(Actual::Crash {
                signal: "CXError_Crashed (libclang recovered)".into(),
            });
        }
        resp.log = format!("clang_parseTranslationUnit2 returned {err}");
        return resp;
    }
    let mut errors = 0;
    let mut log = String::new();
    // SAFETY: `tu` is a live translation unit; each diagnostic is disposed after use.
    unsafe {
        let options = clang_defaultDiagnosticDisplayOptions();
        for i in 0..clang_getNumDiagnostics(tu) {
            let d = clang_getDiagnostic(tu, i);
            let severity = clang_getDiagnosticSeverity(d);
            if severity >= CXDiagnostic_Error {
                errors += 1;
            }
            if severity >= CXDiagnostic_Warning && log.len() < MAX_LOG {
                log.push_str(&text(clang_formatDiagnostic(d, options)));
                log.push('\n');
            }
            clang_disposeDiagnostic(d);
        }
        clang_disposeTranslationUnit(tu);
    }
    resp.log = log;
    if errors == 0 {
        resp.status = BuildStatus::Accepted;
        resp.code = "0 errors".into();
    } else {
        resp.status = BuildStatus::Rejected;
        resp.code = format!("{errors} error(s)");
    }
    resp
}
