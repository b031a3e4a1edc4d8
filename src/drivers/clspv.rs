//! `clasp worker clspv --library L --python P --spirv-val V --wheel W`: clspv's command line
//! (`clspv::Compile`, loaded from the wheel's library with `libloading`), answering build
//! requests like a device worker.
//!
//! clspv keeps its options in LLVM's global state, so each compile runs in a child forked from
//! this worker: a fresh copy of the loaded library, gone with its state when the compile ends.
//! A child that dies is this job's crash (the worker goes on); a child that hangs is killed
//! with the worker when the harness's deadline passes (`PR_SET_PDEATHSIG`). The SPIR-V of an
//! accepted kernel is then checked with `spirv-val`; invalid SPIR-V is an invalid answer (a
//! finding), whatever the case expected. Built with the `spirv-tools` feature, the child checks
//! the module itself, through the library `spirv-val` is built from ([`super::spirv_tools`]),
//! instead of a `spirv-val` process per module; a child that dies after clspv has written its
//! module (a validator crash) leaves the check to `spirv-val`, so a crash is still clspv's alone. A refusal whose first error is one of clspv's stated
//! restrictions ([`crate::subjects::clspv::RESTRICTIONS`]) is answered as skipped, naming it.

use super::pool::describe_exit;
use super::protocol::{BuildStatus, Hello, Request, Response};
use super::spirv_tools::Validator;
use super::worker::{Channel, MAX_LOG};
use crate::results::Actual;
use crate::subjects::clspv::{not_a_finding, restriction_of, ENTRY, TARGET_ENV};
use std::ffi::CString;
use std::io;
use std::os::raw::{c_char, c_int};
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Command, ExitStatus};
use std::time::Instant;

type Compile = unsafe extern "C" fn(c_int, *const *const c_char) -> c_int;

/// The loaded compiler: the libraries stay open for the worker's life.
struct Loaded {
    _python: libloading::os::unix::Library,
    _clspv: libloading::Library,
    compile: Compile,
}

fn load(python: &str, library: &Path) -> Result<Loaded, String> {
    use libloading::os::unix::{Library, RTLD_GLOBAL, RTLD_NOW};
    // SAFETY: loading shared libraries runs their initialisers; these are the wheel's own and
    // the Python library it was built against (whose symbols it references; no interpreter
    // is started, and clspv's entry point calls none of them).
    unsafe {
        let py = Library::open(Some(python), RTLD_NOW | RTLD_GLOBAL)
            .map_err(|e| format!("cannot load {python} (the wheel's Python symbols): {e}"))?;
        let lib = libloading::Library::new(library)
            .map_err(|e| format!("cannot load {}: {e}", library.display()))?;
        let compile: Compile = *lib
            .get::<Compile>(ENTRY.as_bytes())
            .map_err(|e| format!("{} has no clspv entry point: {e}", library.display()))?;
        Ok(Loaded {
            _python: py,
            _clspv: lib,
            compile,
        })
    }
}

/// What the worker says it runs: the wheel, and the validator (the library's version when it
/// validates in process: the same text `spirv-val --version` prints for the tool built from it).
fn identity(wheel: &str, spirv_val: &Path, in_process: bool) -> Result<String, String> {
    // `output()` reads both pipes without threads: the worker must stay single-threaded to fork.
    let version = match Command::new(spirv_val).arg("--version").output() {
        Ok(o) if o.status.success() => String::from_utf8_lossy(&o.stdout)
            .lines()
            .next()
            .unwrap_or("")
            .to_string(),
        _ => {
            return Err(format!(
                "cannot run {} (Debian: spirv-tools)",
                spirv_val.display()
            ))
        }
    };
    let version = match super::spirv_tools::version() {
        Some(v) if in_process => v,
        _ => version,
    };
    Ok(format!("clspv ({wheel}) | spirv-val {version}"))
}

/// `clasp worker clspv`.
pub fn main(library: &Path, python: &str, spirv_val: &Path, wheel: &str) -> anyhow::Result<()> {
    let mut channel = Channel::open()?;
    let validator = Validator::new(TARGET_ENV);
    let loaded = identity(wheel, spirv_val, validator.is_some())
        .and_then(|id| Ok((id, load(python, library)?)));
    let loaded = match loaded {
        Ok((id, l)) => {
            channel.say(&Hello {
                identity: Some(id),
                error: None,
            })?;
            l
        }
        Err(e) => {
            channel.say(&Hello {
                identity: None,
                error: Some(e),
            })?;
            return Ok(());
        }
    };
    let scratch = tempfile::Builder::new().prefix("clasp-clspv-").tempdir()?;
    let tools = Tools {
        spirv_val,
        validator: validator.as_ref(),
    };
    channel.serve(|req| Ok(compile(&loaded, scratch.path(), &tools, &req)))?;
    Ok(())
}

/// Reads a file written by the compile, cut to [`MAX_LOG`].
fn read_log(path: &Path) -> String {
    let mut log = std::fs::read(path).unwrap_or_default();
    log.truncate(MAX_LOG);
    String::from_utf8_lossy(&log).into_owned()
}

/// How modules are checked: `spirv-val`, and the in-process validator when built with it.
struct Tools<'a> {
    spirv_val: &'a Path,
    validator: Option<&'a Validator>,
}

/// Files of one compile in the scratch folder: the case, clspv's module and output, and what
/// an in-process check leaves (`compiled` once clspv has succeeded, then the verdict).
const SOURCE: &str = "case.cl";
const MODULE: &str = "case.spv";
const LOG: &str = "log";
const COMPILED: &str = "compiled";
const VERDICT: &str = "verdict";

/// One compile, in a forked child, then the SPIR-V check.
fn compile(loaded: &Loaded, dir: &Path, tools: &Tools, req: &Request) -> Response {
    let mut resp = Response {
        id: req.id,
        status: BuildStatus::Invalid,
        code: String::new(),
        log: String::new(),
        build_ms: 0.0,
        actual: None,
        members: Vec::new(),
    };
    let (src, spv, log) = (dir.join(SOURCE), dir.join(MODULE), dir.join(LOG));
    let (compiled, verdict) = (dir.join(COMPILED), dir.join(VERDICT));
    for f in [&spv, &log, &compiled, &verdict] {
        let _ = std::fs::remove_file(f);
    }
    if let Err(e) = std::fs::write(&src, &req.source) {
        resp.log = format!("cannot write the case for clspv: {e}");
        return resp;
    }
    let mut args: Vec<String> = vec!["clspv".into()];
    args.extend(req.options.split_whitespace().map(String::from));
    args.extend([SOURCE.into(), "-o".into(), MODULE.into()]);
    let Ok(args) = args
        .into_iter()
        .map(CString::new)
        .collect::<Result<Vec<_>, _>>()
    else {
        resp.log = "options contain a NUL byte".into();
        return resp;
    };
    let Ok(dir_c) = CString::new(dir.as_os_str().as_encoded_bytes()) else {
        resp.log = "scratch folder name contains a NUL byte".into();
        return resp;
    };
    let Ok(log_c) = CString::new(log.as_os_str().as_encoded_bytes()) else {
        resp.log = "scratch folder name contains a NUL byte".into();
        return resp;
    };
    let argv: Vec<*const c_char> = args.iter().map(|a| a.as_ptr()).collect();
    let start = Instant::now();
    let status = match fork_compile(loaded.compile, &argv, &dir_c, &log_c, tools.validator) {
        Ok(s) => s,
        Err(e) => {
            resp.log = format!("cannot fork for the compile: {e}");
            return resp;
        }
    };
    resp.build_ms = start.elapsed().as_secs_f64() * 1e3;
    resp.log = read_log(&log);
    // A child that dies after clspv succeeded died in the validator: the module is judged below.
    let clspv_done = status.success() || compiled.exists();
    if status.signal().is_some() && !clspv_done {
        resp.actual = Some(Actual::Crash {
            signal: describe_exit(status),
        });
        return resp;
    }
    if !clspv_done {
        if let Some(r) = restriction_of(&resp.log) {
            resp.actual = Some(Actual::Skipped {
                why: format!(
                    "clspv refused it as {} ({}), which it does not compile",
                    r.what, r.why
                ),
            });
            return resp;
        }
        resp.status = BuildStatus::Rejected;
        resp.code = describe_exit(status);
        return resp;
    }
    let checked = match std::fs::read_to_string(&verdict) {
        Ok(said) if said.is_empty() => Ok(()),
        Ok(said) => Err(said),
        Err(_) => validate(tools.spirv_val, &spv),
    };
    match checked {
        Ok(()) => {
            resp.status = BuildStatus::Accepted;
            resp.code = "exit(0)".into();
        }
        Err(why) if not_a_finding(&why).is_some() => {
            resp.status = BuildStatus::Accepted;
            resp.code = "exit(0)".into();
            resp.log.push_str(&format!(
                "\n[clasp: spirv-val: {why}; not a finding: {}]",
                not_a_finding(&why).unwrap_or_default()
            ));
        }
        Err(why) => {
            resp.actual = Some(Actual::Invalid {
                detail: format!(
                    "clspv accepted the kernel but its SPIR-V is invalid: `spirv-val --target-env {TARGET_ENV}` says: {why}"
                ),
            });
        }
    }
    resp
}

/// Runs `Compile(argv)` in a child with its working folder `dir` and its output (stdout and
/// stderr) in the file `log`; how the child ended. With a `validator`, a child whose compile
/// succeeded writes [`COMPILED`], checks the module and writes [`VERDICT`] (empty when valid).
fn fork_compile(
    compile: Compile,
    argv: &[*const c_char],
    dir: &CString,
    log: &CString,
    validator: Option<&Validator>,
) -> io::Result<ExitStatus> {
    // SAFETY: the worker is single-threaded, so the child is a whole copy of it; the child
    // only redirects its output, calls the compiler and exits without running destructors.
    unsafe {
        match libc::fork() {
            -1 => Err(io::Error::last_os_error()),
            0 => {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                let fd = libc::open(
                    log.as_ptr(),
                    libc::O_WRONLY | libc::O_CREAT | libc::O_TRUNC,
                    0o644,
                );
                if fd < 0 || libc::chdir(dir.as_ptr()) != 0 {
                    libc::_exit(120);
                }
                libc::dup2(fd, 1);
                libc::dup2(fd, 2);
                let code = compile(argv.len() as c_int, argv.as_ptr());
                if code == 0 {
                    if let Some(v) = validator {
                        check_in_child(v);
                    }
                }
                libc::_exit(if code == 0 { 0 } else { 1 });
            }
            child => {
                let mut status: c_int = 0;
                loop {
                    if libc::waitpid(child, &mut status, 0) >= 0 {
                        return Ok(ExitStatus::from_raw(status));
                    }
                    let e = io::Error::last_os_error();
                    if e.kind() != io::ErrorKind::Interrupted {
                        return Err(e);
                    }
                }
            }
        }
    }
}

/// The in-process check of a child whose compile succeeded (its working folder is the scratch
/// folder): leaves no verdict when the module cannot be read, so `spirv-val` reports that.
fn check_in_child(validator: &Validator) {
    if std::fs::write(COMPILED, b"").is_err() {
        return;
    }
    let Ok(module) = std::fs::read(MODULE) else {
        return;
    };
    let said = match validator.validate(&module) {
        Ok(()) => String::new(),
        Err(e) => cut_to_log(e),
    };
    let _ = std::fs::write(VERDICT, said);
}

/// `spirv-val`'s message cut to [`MAX_LOG`] and trimmed, as reports quote it.
fn cut_to_log(mut text: String) -> String {
    let mut cut = text.len().min(MAX_LOG);
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    text.truncate(cut);
    text.trim().to_string()
}

/// `spirv-val --target-env vulkan1.0` on `spv`: `Err` with its message when it fails. No
/// deadline of its own (a hang is the harness's timeout) and no thread (see [`identity`]).
fn validate(spirv_val: &Path, spv: &Path) -> Result<(), String> {
    let out = super::spirv::tool(&spirv_val.to_string_lossy())
        .args(["--target-env", TARGET_ENV])
        .arg(spv)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", spirv_val.display()))?;
    if out.status.success() {
        return Ok(());
    }
    let mut text = String::from_utf8_lossy(&out.stderr).into_owned();
    text.push_str(&String::from_utf8_lossy(&out.stdout));
    Err(cut_to_log(text))
}
