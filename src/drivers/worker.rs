//! The worker process (`clasp worker ...`, hidden from `--help`): the only code that calls
//! OpenCL.
//!
//! `clasp worker discover` prints a [`super::Discovery`] as JSON. `clasp worker build --platform
//! I --device J` opens one context on that device, keeps it for its whole life (creating a
//! context costs more than most builds), and answers build requests (see [`super::protocol`]).
//!
//! Drivers print to stdout too (warnings, debug output), which would corrupt the protocol: the
//! worker keeps the real stdout for itself and points file descriptor 1 at stderr before it
//! loads any driver.
//!
//! `clasp worker raw --platform I --device J` times jobs with no harness around them (see
//! [`raw_main`]), for `clasp overhead`.

use super::protocol::{BuildStatus, Hello, Mode, Request, Response};
use serde::{Deserialize, Serialize};
use std::ffi::CString;
use std::fs::File;
use std::io::{self, BufRead, BufWriter, Write};
use std::os::fd::FromRawFd;
use std::path::Path;
use std::time::Instant;

/// Build logs longer than this are cut (a driver that prints megabytes should not stall the run).
pub(super) const MAX_LOG: usize = 64 * 1024;

/// Takes stdout for the protocol and sends fd 1 to stderr; dies with the parent.
pub(super) fn protocol_stdout() -> io::Result<File> {
    // SAFETY: plain fd juggling on descriptors this process owns; the new fd is owned by the File.
    unsafe {
        // A worker whose parent is gone (killed `clasp run`) must not linger in a driver call.
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
        let fd = libc::dup(1);
        if fd < 0 || libc::dup2(2, 1) < 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(File::from_raw_fd(fd))
    }
}

/// A worker's protocol channel: one JSON message a line on the saved stdout, flushed as written.
pub(super) struct Channel {
    out: BufWriter<File>,
}

impl Channel {
    /// Takes stdout for the protocol ([`protocol_stdout`]).
    pub(super) fn open() -> io::Result<Channel> {
        Ok(Channel {
            out: BufWriter::new(protocol_stdout()?),
        })
    }

    pub(super) fn say<T: Serialize>(&mut self, msg: &T) -> anyhow::Result<()> {
        serde_json::to_writer(&mut self.out, msg)?;
        self.out.write_all(b"\n")?;
        self.out.flush()?;
        Ok(())
    }

    /// Answers every request line on stdin with `handle`'s response until stdin closes; a line
    /// that is no request is answered `Invalid`, "bad request", and the worker goes on.
    pub(super) fn serve(
        &mut self,
        mut handle: impl FnMut(Request) -> anyhow::Result<Response>,
    ) -> anyhow::Result<()> {
        for line in io::stdin().lock().lines() {
            let line = line?;
            if line.trim().is_empty() {
                continue;
            }
            let resp = match serde_json::from_str::<Request>(&line) {
                Ok(req) => handle(req)?,
                Err(e) => Response {
                    id: 0,
                    status: BuildStatus::Invalid,
                    code: String::new(),
                    log: format!("bad request: {e}"),
                    build_ms: 0.0,
                    actual: None,
                    members: Vec::new(),
                },
            };
            self.say(&resp)?;
        }
        Ok(())
    }
}

/// `clasp worker discover`.
pub fn discover_main() -> anyhow::Result<()> {
    let out = protocol_stdout()?;
    let d = super::discover::query();
    let mut out = BufWriter::new(out);
    serde_json::to_writer(&mut out, &d)?;
    out.flush()?;
    Ok(())
}

/// Opens a context on device `device` of platform `platform`; also the identity it opened.
fn open(
    platform: u32,
    device: u32,
) -> Result<(opencl3::device::Device, opencl3::context::Context, String), String> {
    use opencl3::context::Context;
    use opencl3::device::{Device, CL_DEVICE_TYPE_ALL};
    let platforms =
        opencl3::platform::get_platforms().map_err(|e| format!("clGetPlatformIDs failed: {e}"))?;
    let p = platforms
        .get(platform as usize)
        .ok_or_else(|| format!("no platform {platform}"))?;
    let ids = p
        .get_devices(CL_DEVICE_TYPE_ALL)
        .map_err(|e| format!("clGetDeviceIDs failed: {e}"))?;
    let id = *ids
        .get(device as usize)
        .ok_or_else(|| format!("no device {device} on platform {platform}"))?;
    let d = Device::new(id);
    let ctx = Context::from_device(&d).map_err(|e| format!("clCreateContext failed: {e}"))?;
    let identity = format!(
        "{} | {} | {} | {} | driver {}",
        p.name().unwrap_or_default(),
        p.version().unwrap_or_default(),
        d.name().unwrap_or_default(),
        d.version().unwrap_or_default(),
        d.driver_version().unwrap_or_default()
    );
    Ok((d, ctx, identity))
}

/// `clasp worker build`.
pub fn build_main(platform: u32, device: u32) -> anyhow::Result<()> {
    let mut channel = Channel::open()?;
    let opened = open(platform, device);
    let (device, context) = match opened {
        Ok((d, c, identity)) => {
            channel.say(&Hello {
                identity: Some(identity),
                error: None,
            })?;
            (d, c)
        }
        Err(e) => {
            channel.say(&Hello {
                identity: None,
                error: Some(e),
            })?;
            return Ok(());
        }
    };
    let mut runner = super::execute::Runner::new(&context, &device);
    // Offline compiles of the SPIR-V path, made on the first such request.
    let mut scratch: Option<tempfile::TempDir> = None;
    channel.serve(|req| {
        // A template case (`//@ bind:`) is expanded with this device's answers before any mode
        // builds it: a `-cl-std` the device lacks must fail on a valid source, not on `${N}`.
        let req = match runner.instantiate(&req) {
            Ok(expanded) => expanded.unwrap_or(req),
            Err(skipped) => return Ok(*skipped),
        };
        if !req.members.is_empty() {
            return Ok(match req.mode {
                Mode::Build | Mode::ArgInfo => {
                    super::packing::answer(&req, &mut |r| match r.mode {
                        Mode::ArgInfo => runner.arg_info(r),
                        _ => build_one(&context, &device, r).1,
                    })
                }
                _ => Response {
                    id: req.id,
                    status: BuildStatus::Invalid,
                    code: String::new(),
                    log: "a pack is a build or an argument-qualifier query".into(),
                    build_ms: 0.0,
                    actual: None,
                    members: Vec::new(),
                },
            });
        }
        Ok(match req.mode {
            Mode::Build | Mode::Compile => build_one(&context, &device, &req).1,
            Mode::Run => runner.run_case(&req),
            Mode::ArgInfo => runner.arg_info(&req),
            Mode::SpirvFront | Mode::Spirv | Mode::SpirvRun => {
                if scratch.is_none() {
                    scratch = Some(tempfile::Builder::new().prefix("clasp-spirv-").tempdir()?);
                }
                let dir = scratch.as_ref().map(|d| d.path()).unwrap_or(Path::new("."));
                // A must-reject case is judged by the offline front end alone: its verdict
                // is the skip's reason, and the driver is given nothing.
                let module = if req.mode == Mode::SpirvFront {
                    Err(super::spirv::front_verdict(dir, &req).unwrap_or_else(|e| e))
                } else {
                    let version = super::spirv::version_for(
                        &req.options,
                        &device.il_version().unwrap_or_default(),
                    );
                    super::spirv::compile(dir, &req, &version)
                        .and_then(|il| fits_device(&device, il))
                };
                match module {
                    Ok(il) => {
                        // Every option went to the offline compiler.
                        let run = req.mode == Mode::SpirvRun;
                        let req = Request {
                            il: Some(il),
                            options: String::new(),
                            mode: if run { Mode::Run } else { Mode::Build },
                            ..req
                        };
                        if run {
                            runner.run_case(&req)
                        } else {
                            build_one(&context, &device, &req).1
                        }
                    }
                    Err(why) => Response {
                        id: req.id,
                        status: BuildStatus::Invalid,
                        code: String::new(),
                        log: String::new(),
                        build_ms: 0.0,
                        actual: Some(crate::results::Actual::Skipped { why }),
                        members: Vec::new(),
                    },
                }
            }
        })
    })
}

/// `il`, or why the device need not take it: a device without images
/// (`CL_DEVICE_IMAGE_SUPPORT` false) and a module that declares image capabilities, which the
/// OpenCL SPIR-V environment requires only of devices with images.
fn fits_device(device: &opencl3::device::Device, il: Vec<u8>) -> Result<Vec<u8>, String> {
    let declared = super::spirv::image_capabilities(&il);
    if declared.is_empty() || device.image_support().unwrap_or(true) {
        return Ok(il);
    }
    Err(format!(
        "the device reports no image support (CL_DEVICE_IMAGE_SUPPORT is false) and the module declares {}, which the OpenCL SPIR-V environment requires only of devices with images",
        declared.join(", ")
    ))
}

/// Builds `req.source` with `req.options`; the program too when the build was accepted.
pub(super) fn build_one(
    context: &opencl3::context::Context,
    device: &opencl3::device::Device,
    req: &Request,
) -> (Option<super::program::Program>, Response) {
    use opencl3::error_codes::{
        error_text, ClError, CL_BUILD_PROGRAM_FAILURE, CL_COMPILE_PROGRAM_FAILURE,
        CL_INVALID_BUILD_OPTIONS, CL_INVALID_COMPILER_OPTIONS,
    };
    use opencl3::program::{
        build_program, get_program_build_data, get_program_build_info, CL_BUILD_ERROR,
        CL_BUILD_NONE, CL_BUILD_SUCCESS, CL_PROGRAM_BUILD_LOG, CL_PROGRAM_BUILD_STATUS,
    };

    let invalid = |log: String, code: String, build_ms: f64| {
        (
            None,
            Response {
                id: req.id,
                status: BuildStatus::Invalid,
                code,
                log,
                build_ms,
                actual: None,
                members: Vec::new(),
            },
        )
    };
    let Ok(options) = CString::new(req.options.as_str()) else {
        return invalid(
            "build options contain a NUL byte".into(),
            String::new(),
            0.0,
        );
    };
    let created = match &req.il {
        Some(il) => match device.platform() {
            Ok(platform) => super::program::from_il(
                context.get(),
                platform,
                &device.version().unwrap_or_default(),
                il,
            )
            .map_err(|(call, e)| (call, ClError(e))),
            Err(e) => Err(("clGetDeviceInfo(CL_DEVICE_PLATFORM)", e)),
        },
        None => super::program::from_source(context.get(), &req.source)
            .map_err(|(call, e)| (call, ClError(e))),
    };
    let program = match created {
        Ok(p) => p,
        Err((call, e)) => return invalid(format!("{call} failed: {e}"), e.to_string(), 0.0),
    };
    let dev = device.id();
    let start = Instant::now();
    let result = if req.mode == Mode::Compile {
        opencl3::program::compile_program(
            program.get(),
            &[dev],
            &options,
            &[],
            &[],
            None,
            std::ptr::null_mut(),
        )
    } else {
        build_program(program.get(), &[dev], &options, None, std::ptr::null_mut())
    };
    let build_ms = start.elapsed().as_secs_f64() * 1e3;
    let status: Option<i32> = get_program_build_info(program.get(), dev, CL_PROGRAM_BUILD_STATUS)
        .ok()
        .map(i32::from);
    let mut log = get_program_build_data(program.get(), dev, CL_PROGRAM_BUILD_LOG)
        .map(|b| {
            String::from_utf8_lossy(&b)
                .trim_end_matches('\0')
                .to_string()
        })
        .unwrap_or_default();
    if log.len() > MAX_LOG {
        let mut cut = MAX_LOG;
        while !log.is_char_boundary(cut) {
            cut -= 1;
        }
        log.truncate(cut);
        log.push_str("\n[clasp: log cut]");
    }
    let code = error_text(result.err().unwrap_or(0)).to_string();
    let status_text = match status {
        Some(s) => s.to_string(),
        None => "unreadable".to_string(),
    };
    let status = match (result, status) {
        (Ok(()), Some(CL_BUILD_SUCCESS)) => BuildStatus::Accepted,
        (Ok(()), _) => {
            return invalid(
                format!("clBuildProgram returned CL_SUCCESS but CL_PROGRAM_BUILD_STATUS is {status_text}; log: {log}"),
                code,
                build_ms,
            )
        }
        (
            Err(CL_BUILD_PROGRAM_FAILURE | CL_COMPILE_PROGRAM_FAILURE),
            Some(CL_BUILD_ERROR | CL_BUILD_NONE) | None,
        ) => BuildStatus::Rejected,
        // A -cl-std the device does not support is an invalid build option (OpenCL API
        // `clBuildProgram`: "CL_INVALID_BUILD_OPTIONS if the build options ... are invalid").
        (Err(CL_INVALID_BUILD_OPTIONS | CL_INVALID_COMPILER_OPTIONS), _) => BuildStatus::Rejected,
        (Err(e), _) => {
            return invalid(
                format!(
                    "clBuildProgram returned {} with CL_PROGRAM_BUILD_STATUS {status_text}; log: {log}",
                    error_text(e)
                ),
                code,
                build_ms,
            )
        }
    };
    let response = Response {
        id: req.id,
        status,
        code,
        log,
        build_ms,
        actual: None,
        members: Vec::new(),
    };
    match status {
        BuildStatus::Accepted => (Some(program), response),
        _ => (None, response),
    }
}

/// One pass of `clasp worker raw` over its jobs.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RawLoop {
    /// Time in the driver: `clBuildProgram` alone for a build; the whole job (build, launch,
    /// reads, queries) for a run-time case or an argument-qualifier query, which have no
    /// harness inside them either.
    pub driver_s: f64,
    /// The pass from its first job to its last, in this process.
    pub wall_s: f64,
    /// CPU time of this process (user and system) during the pass.
    pub cpu_s: f64,
}

/// What `clasp worker raw` prints.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RawTimes {
    pub identity: Option<String>,
    pub error: Option<String>,
    pub jobs: usize,
    /// Seconds to open the device (ICD loader, platform, context, queue): the driver's own
    /// start-up, which every client pays once before its first build.
    #[serde(default)]
    pub open_s: f64,
    pub loops: Vec<RawLoop>,
}

/// CPU time (user and system) of this process, or of its reaped children, in seconds.
pub fn cpu_seconds(who: libc::c_int) -> f64 {
    // SAFETY: getrusage writes into the struct it is given and nothing else.
    let u = unsafe {
        let mut u: libc::rusage = std::mem::zeroed();
        if libc::getrusage(who, &mut u) != 0 {
            return 0.0;
        }
        u
    };
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    secs(u.ru_utime) + secs(u.ru_stime)
}

/// `clasp worker raw`: the driver time of the jobs on stdin (request lines, read to the end)
/// with no harness around it: one process, one context, the jobs in a loop, `loops` times.
/// The yardstick of `clasp overhead`. Jobs that crash the driver must not be given: they would
/// end this process.
pub fn raw_main(platform: u32, device: u32, loops: u32) -> anyhow::Result<()> {
    let out = protocol_stdout()?;
    let mut jobs: Vec<Request> = Vec::new();
    for line in io::stdin().lock().lines() {
        let line = line?;
        if !line.trim().is_empty() {
            jobs.push(serde_json::from_str(&line)?);
        }
    }
    let mut times = RawTimes {
        identity: None,
        error: None,
        jobs: jobs.len(),
        open_s: 0.0,
        loops: Vec::new(),
    };
    let opening = Instant::now();
    match open(platform, device) {
        Err(e) => times.error = Some(e),
        Ok((device, context, identity)) => {
            times.open_s = opening.elapsed().as_secs_f64();
            times.identity = Some(identity);
            let mut runner = super::execute::Runner::new(&context, &device);
            for _ in 0..loops {
                let (start, cpu) = (Instant::now(), cpu_seconds(libc::RUSAGE_SELF));
                let mut driver_s = 0.0;
                for req in &jobs {
                    match req.mode {
                        Mode::Build | Mode::Compile => {
                            driver_s += build_one(&context, &device, req).1.build_ms / 1e3
                        }
                        // The SPIR-V path is not timed raw (`clasp overhead` measures drivers).
                        Mode::Spirv | Mode::SpirvRun | Mode::SpirvFront => {}
                        Mode::Run | Mode::ArgInfo => {
                            let t = Instant::now();
                            let _ = match req.mode {
                                Mode::Run => runner.run_case(req),
                                _ => runner.arg_info(req),
                            };
                            driver_s += t.elapsed().as_secs_f64();
                        }
                    }
                }
                times.loops.push(RawLoop {
                    driver_s,
                    wall_s: start.elapsed().as_secs_f64(),
                    cpu_s: cpu_seconds(libc::RUSAGE_SELF) - cpu,
                });
            }
        }
    }
    let mut out = BufWriter::new(out);
    serde_json::to_writer(&mut out, &times)?;
    out.write_all(b"\n")?;
    out.flush()?;
    Ok(())
}
