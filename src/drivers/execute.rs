//! Executing run-time cases on the worker's device (worker side; see [`super::worker`]).
//!
//! A [`Mode::Run`](super::protocol::Mode::Run) request carries a whole case file: the worker
//! parses it (the case is the only source of expectations, never the driver), checks its
//! `requires` lines and launch sizes against the device, builds it, creates its buffers and
//! kernels, sets the arguments, runs the launches in order on one program (so program-scope
//! variables persist between them), waits, reads the buffers back and compares them and every
//! `query:` line with the case. The steps, and what `expect-error` matches:
//!
//! | step            | OpenCL call                      | matched by                      |
//! | --------------- | -------------------------------- | ------------------------------- |
//! | `build`         | `clBuildProgram`                 | `build`, `build-or-enqueue`     |
//! | `create-kernel` | `clCreateKernel`                 | `build`, `build-or-enqueue`     |
//! | `set-arg N`     | `clSetKernelArg` of argument N   | `set-arg N`                     |
//! | `enqueue`       | `clEnqueueNDRangeKernel`         | `enqueue`, `build-or-enqueue`   |
//! | `finish`        | `clFinish` after the launches    | `enqueue`, `build-or-enqueue`   |
//!
//! A failure is clean only when the call returns an error: a driver that crashes or hangs in
//! any of these calls kills the worker, and the parent records `crash` or `timeout`.

mod queries;

pub use queries::compare_arg_qualifiers;

use super::protocol::{BuildStatus, Request, Response};
use super::worker::build_one;
use crate::results::{Actual, BufferMismatch, QueryCheck, Reported, RunOutcome, RunStatus};
use checker::case::run::{Arg, DeviceLimit, ExpectError, Query, RunSpec};
use checker::case::Case;
use checker::AddrSpace;
use cl3::types::{cl_command_queue, cl_int, cl_kernel, cl_mem};
use opencl3::context::Context;
use opencl3::device::Device;
use opencl3::error_codes::error_text;
use std::ffi::{c_void, CString};

/// How many differing elements a mismatch lists per buffer.
const FIRST_DIFFS: usize = 8;
/// Buffers without an `expect` line up to this many elements are reported (pointer sizes).
const REPORTED_MAX: usize = 16;

// OpenCL enums this file reads, by their values in cl.h.
const CL_DEVICE_MAX_WORK_GROUP_SIZE: u32 = 0x1004;
const CL_DEVICE_MAX_WORK_ITEM_SIZES: u32 = 0x1005;
const CL_DEVICE_MAX_PARAMETER_SIZE: u32 = 0x1017;
const CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE: u32 = 0x1020;
const CL_DEVICE_MAX_CONSTANT_ARGS: u32 = 0x1021;
const CL_DEVICE_LOCAL_MEM_SIZE: u32 = 0x1023;
const CL_DEVICE_EXTENSIONS: u32 = 0x1030;
const CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE: u32 = 0x104D;
const CL_PROGRAM_KERNEL_NAMES: u32 = 0x1168;
const CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE: u32 = 0x1185;
const CL_KERNEL_NUM_ARGS: u32 = 0x1191;
const CL_KERNEL_ARG_ADDRESS_QUALIFIER: u32 = 0x1196;
const CL_KERNEL_LOCAL_MEM_SIZE: u32 = 0x11B2;
const CL_MEM_READ_WRITE: u64 = 1;
const CL_MEM_COPY_HOST_PTR: u64 = 1 << 5;

/// A raw OpenCL object released when dropped.
struct Owned(*mut c_void, unsafe fn(*mut c_void) -> Result<(), cl_int>);

impl Drop for Owned {
    fn drop(&mut self) {
        if !self.0.is_null() {
            // SAFETY: the handle was created by this worker and is released exactly once.
            unsafe {
                let _ = (self.1)(self.0);
            }
        }
    }
}

fn release_kernel(k: *mut c_void) -> Result<(), cl_int> {
    // SAFETY: see `Owned`.
    unsafe { cl3::kernel::release_kernel(k) }
}

fn release_mem(m: *mut c_void) -> Result<(), cl_int> {
    // SAFETY: see `Owned`.
    unsafe { cl3::memory::release_mem_object(m) }
}

/// Little-endian bytes of an info value, as an unsigned number (size_t, cl_uint, cl_ulong).
fn number(bytes: &[u8]) -> u64 {
    let mut b = [0u8; 8];
    let n = bytes.len().min(8);
    b[..n].copy_from_slice(&bytes[..n]);
    u64::from_le_bytes(b)
}

fn code_name(e: cl_int) -> String {
    let text = error_text(e);
    if text.is_empty() || text == "UNKNOWN_ERROR" {
        format!("error {e}")
    } else {
        text.to_string()
    }
}

/// The case's `expect-error` as written: the step, and the code when it names one.
fn expect_error_text(spec: &RunSpec) -> Option<String> {
    let step = step_text(spec.expect_error?);
    Some(match &spec.expect_code {
        Some(code) => format!("{step} {code}"),
        None => step,
    })
}

fn step_text(e: ExpectError) -> String {
    match e {
        ExpectError::Build => "build".into(),
        ExpectError::Enqueue => "enqueue".into(),
        ExpectError::BuildOrEnqueue => "build-or-enqueue".into(),
        ExpectError::SetArg(i) => format!("set-arg {i}"),
    }
}

fn cmp_text(c: checker::case::run::Cmp) -> &'static str {
    use checker::case::run::Cmp;
    match c {
        Cmp::Lt => "<",
        Cmp::Le => "<=",
        Cmp::Eq => "==",
        Cmp::Ge => ">=",
        Cmp::Gt => ">",
    }
}

/// A step of a run and whether the case's `expect-error` names it.
#[derive(Clone, Copy)]
enum Step {
    Build,
    CreateKernel,
    CreateBuffer,
    SetArg(usize),
    /// The enqueue of a C++ for OpenCL initialisation kernel ([`init_kernels`]).
    InitKernel,
    Enqueue,
    Finish,
    Read,
}

impl Step {
    fn name(self) -> String {
        match self {
            Step::Build => "build".into(),
            Step::CreateKernel => "create-kernel".into(),
            Step::CreateBuffer => "create-buffer".into(),
            Step::SetArg(i) => format!("set-arg {i}"),
            Step::InitKernel => "init-kernel".into(),
            Step::Enqueue => "enqueue".into(),
            Step::Finish => "finish".into(),
            Step::Read => "read".into(),
        }
    }

    fn expected_by(self, e: Option<ExpectError>) -> bool {
        matches!(
            (self, e),
            (
                Step::Build | Step::CreateKernel,
                Some(ExpectError::Build | ExpectError::BuildOrEnqueue)
            ) | (
                Step::Enqueue | Step::Finish,
                Some(ExpectError::Enqueue | ExpectError::BuildOrEnqueue)
            )
        ) || matches!((self, e), (Step::SetArg(i), Some(ExpectError::SetArg(j))) if i == j)
    }
}

/// The worker's run-time state: its device, context, (created on first use) queue, and the
/// last packed program it built (see [`Request::pack`]).
pub struct Runner<'a> {
    context: &'a Context,
    device: &'a Device,
    queue: Option<cl_command_queue>,
    pack: Option<Pack>,
}

/// A packed program: the hash of its source and options, and the program (`None`: its build
/// failed, so its cases run alone).
struct Pack {
    key: u64,
    program: Option<crate::drivers::program::Program>,
}

/// Whether a run-time case can share a program with others: it expects no step to fail, is no
/// template (its source is the device's), and queries nothing about the program as a whole
/// (its kernels' own queries are fine).
pub fn packable(spec: &RunSpec) -> bool {
    spec.expect_error.is_none()
        && spec.binds.is_empty()
        && !spec
            .queries
            .iter()
            .any(|q| matches!(q, Query::ProgramGlobalVariableTotalSize { .. }))
}

impl Drop for Runner<'_> {
    fn drop(&mut self) {
        self.drop_queue();
    }
}

impl<'a> Runner<'a> {
    pub fn new(context: &'a Context, device: &'a Device) -> Runner<'a> {
        Runner {
            context,
            device,
            queue: None,
            pack: None,
        }
    }

    fn drop_queue(&mut self) {
        if let Some(q) = self.queue.take() {
            // SAFETY: the queue was created by `queue()` and is released once.
            unsafe {
                let _ = cl3::command_queue::release_command_queue(q);
            }
        }
    }

    fn queue(&mut self) -> Result<cl_command_queue, cl_int> {
        if let Some(q) = self.queue {
            return Ok(q);
        }
        // `clCreateCommandQueue` exists on every platform version (deprecated, not removed, in
        // 2.0); `clCreateCommandQueueWithProperties` does not exist on 1.2 platforms.
        #[allow(deprecated)]
        // SAFETY: a valid context and device of this worker.
        let q = unsafe {
            cl3::command_queue::create_command_queue(self.context.get(), self.device.id(), 0)?
        };
        self.queue = Some(q);
        Ok(q)
    }

    fn device_number(&self, param: u32) -> Option<u64> {
        cl3::device::get_device_data(self.device.id(), param)
            .ok()
            .map(|b| number(&b))
    }

    fn device_limit(&self, limit: DeviceLimit) -> Option<u64> {
        self.device_number(match limit {
            DeviceLimit::MaxConstantArgs => CL_DEVICE_MAX_CONSTANT_ARGS,
            DeviceLimit::MaxConstantBufferSize => CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE,
            DeviceLimit::LocalMemSize => CL_DEVICE_LOCAL_MEM_SIZE,
            DeviceLimit::MaxGlobalVariableSize => CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE,
            DeviceLimit::MaxWorkGroupSize => CL_DEVICE_MAX_WORK_GROUP_SIZE,
            DeviceLimit::MaxParameterSize => CL_DEVICE_MAX_PARAMETER_SIZE,
        })
    }

    /// A template case (`//@ bind:`) expanded with this device's answers to its queries: the
    /// request with the expanded source, `None` for an ordinary case, or why the device cannot
    /// run it (a `Skipped` answer). The expansion is read once, by [`Runner::run_case`]: its
    /// buffers may be large, and reading checks every element.
    pub fn instantiate(&self, req: &Request) -> Result<Option<Request>, Box<Response>> {
        use checker::case::template;
        if !req.source.lines().any(|l| template::bind_line(l).is_some()) {
            return Ok(None);
        }
        let skipped = |why: String| {
            Box::new(Response {
                id: req.id,
                status: BuildStatus::Accepted,
                code: String::new(),
                log: String::new(),
                build_ms: 0.0,
                actual: Some(Actual::Skipped { why }),
                members: Vec::new(),
            })
        };
        let binds = match Case::parse("case.cl", "case", &req.source) {
            Ok(Case {
                run: Some(spec), ..
            }) => spec.binds,
            // `run_case` answers for a case it cannot read.
            _ => return Ok(None),
        };
        let mut values = Vec::new();
        for b in binds {
            let Some(answer) = self.device_limit(b.limit) else {
                return Err(skipped(format!(
                    "binds {}; the device does not answer it",
                    b.text()
                )));
            };
            let Some(v) = b.value(answer) else {
                return Err(skipped(format!(
                    "binds {}; the device answers {answer}",
                    b.text()
                )));
            };
            values.push((b, v));
        }
        let bound: Vec<String> = values
            .iter()
            .map(|(b, v)| format!("{} = {v}", b.text()))
            .collect();
        // A size the harness will not write or allocate (a limit in the gigabytes) is a skip.
        let source = match template::expand(&req.source, &values) {
            Ok(e) => e.text,
            Err((line, why)) => {
                return Err(skipped(format!("{}: line {line}: {why}", bound.join(", "))))
            }
        };
        Ok(Some(Request {
            source,
            ..req.clone()
        }))
    }

    /// Why the device cannot run this case at all, if it cannot.
    fn unmet(&self, spec: &RunSpec) -> Option<String> {
        if !spec.extensions.is_empty() {
            let listed = cl3::device::get_device_data(self.device.id(), CL_DEVICE_EXTENSIONS)
                .map(|b| String::from_utf8_lossy(&b).into_owned())
                .unwrap_or_default();
            let have: Vec<&str> = listed.trim_end_matches('\0').split_whitespace().collect();
            if let Some(e) = spec.extensions.iter().find(|e| !have.contains(&e.as_str())) {
                return Some(format!("requires {e}; the device does not report it"));
            }
        }
        for r in &spec.requires {
            let want = format!("{} {} {}", r.limit.name(), cmp_text(r.cmp), r.value);
            match self.device_limit(r.limit) {
                None => return Some(format!("requires {want}; the device does not answer it")),
                Some(v) if !r.cmp.holds(v, r.value) => {
                    return Some(format!("requires {want}; the device reports {v}"))
                }
                Some(_) => {}
            }
        }
        let max_group = self.device_number(CL_DEVICE_MAX_WORK_GROUP_SIZE);
        let max_items: Vec<u64> =
            cl3::device::get_device_data(self.device.id(), CL_DEVICE_MAX_WORK_ITEM_SIZES)
                .map(|b| b.chunks(std::mem::size_of::<usize>()).map(number).collect())
                .unwrap_or_default();
        for l in &spec.launches {
            let Some(local) = &l.local else { continue };
            let total: u64 = local.iter().map(|n| *n as u64).product();
            if let Some(max) = max_group.filter(|m| total > *m) {
                return Some(format!(
                    "launch {} uses a work-group of {total}; CL_DEVICE_MAX_WORK_GROUP_SIZE is {max}",
                    l.kernel
                ));
            }
            for (d, n) in local.iter().enumerate() {
                if let Some(max) = max_items.get(d).filter(|m| *n as u64 > **m) {
                    return Some(format!(
                        "launch {} has local size {n} in dimension {d}; CL_DEVICE_MAX_WORK_ITEM_SIZES allows {max}",
                        l.kernel
                    ));
                }
            }
        }
        None
    }

    /// `Mode::Run`: build and execute the case in `req.source`.
    pub fn run_case(&mut self, req: &Request) -> Response {
        // The worker expands templates before it dispatches; `clasp worker raw` comes here.
        let expanded = match self.instantiate(req) {
            Ok(e) => e,
            Err(skipped) => return *skipped,
        };
        let req = expanded.as_ref().unwrap_or(req);
        let mut resp = Response {
            id: req.id,
            status: BuildStatus::Accepted,
            code: String::new(),
            log: String::new(),
            build_ms: 0.0,
            actual: None,
            members: Vec::new(),
        };
        let spec = match Case::parse("case.cl", "case", &req.source) {
            Ok(Case {
                run: Some(spec), ..
            }) => spec,
            Ok(_) => {
                resp.actual = Some(Actual::Invalid {
                    detail: "not a run-time case".into(),
                });
                return resp;
            }
            // The template was read with sample sizes; at this device's sizes it is not (a
            // buffer over the harness's limit): the device cannot be tested with it.
            Err(e) if expanded.is_some() || req.source.contains("//@ bound:") => {
                resp.actual = Some(Actual::Skipped {
                    why: format!("at this device's sizes: {}", e.message),
                });
                return resp;
            }
            Err(e) => {
                resp.actual = Some(Actual::Invalid {
                    detail: format!("the worker cannot read the case: {e}"),
                });
                return resp;
            }
        };
        if let Some(why) = self.unmet(&spec) {
            resp.actual = Some(Actual::Skipped { why });
            return resp;
        }
        if let Some(passed) = self.run_packed(req, &spec) {
            return passed;
        }
        let (program, built) = build_one(self.context, self.device, req);
        let mut outcome = RunOutcome::started(built.log.clone(), expect_error_text(&spec));
        outcome.bound = spec.bound.clone();
        let program = match (program, built.status) {
            (Some(p), _) => p,
            (None, BuildStatus::Rejected) => {
                let out = self.fail(outcome, &spec, Step::Build, built.code.clone());
                return Response {
                    actual: Some(out),
                    ..built
                };
            }
            // An invalid build answer is recorded as such, like a compile case's.
            (None, _) => return built,
        };
        let actual = self.execute(&spec, &program, req.il.is_some(), &mut outcome);
        Response {
            actual: Some(actual.unwrap_or(Actual::Ran { run: outcome })),
            ..built
        }
    }

    /// The case run against its packed program, when it has one that builds and the case passes
    /// there; `None` sends it to its own build (which then decides the result, so a report
    /// never rests on another case's code).
    fn run_packed(&mut self, req: &Request, spec: &RunSpec) -> Option<Response> {
        let source = req.pack.as_deref().filter(|_| packable(spec))?;
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (source, &req.options).hash(&mut h);
        let key = h.finish();
        let mut build_ms = 0.0;
        if self.pack.as_ref().is_none_or(|p| p.key != key) {
            self.pack = None; // released before the next build
            let pack_req = Request {
                source: source.to_string(),
                pack: None,
                ..req.clone()
            };
            let (program, built) = build_one(self.context, self.device, &pack_req);
            build_ms = built.build_ms;
            self.pack = Some(Pack { key, program });
        }
        let pack = self.pack.take()?;
        let result = pack.program.as_ref().and_then(|program| {
            let mut outcome = RunOutcome::started(String::new(), None);
            let early = self.execute(spec, program, req.il.is_some(), &mut outcome);
            (early.is_none() && outcome.status == RunStatus::Ok).then(|| Response {
                id: req.id,
                status: BuildStatus::Accepted,
                code: "CL_SUCCESS".into(),
                log: String::new(),
                // The pack's build counts once, on the case that built it.
                build_ms,
                actual: Some(Actual::Ran { run: outcome }),
                members: Vec::new(),
            })
        });
        self.pack = Some(pack);
        result
    }

    /// The outcome when `step` failed with `code`.
    fn fail(&mut self, mut o: RunOutcome, spec: &RunSpec, step: Step, code: String) -> Actual {
        // A failure at the expected step with another code than the one the case names (the
        // API's CL_INVALID_ARG_VALUE, say) is a wrong answer, not the expected failure.
        let right_code = spec.expect_code.as_ref().is_none_or(|c| *c == code);
        o.status = if step.expected_by(spec.expect_error) && right_code {
            RunStatus::FailedAsExpected
        } else {
            RunStatus::Error
        };
        o.step = Some(step.name());
        o.code = Some(code);
        Actual::Ran { run: o }
    }

    fn no_error(o: &mut RunOutcome, step: String) -> Option<Actual> {
        o.status = RunStatus::NoError;
        o.step = Some(step);
        Some(Actual::Ran { run: o.clone() })
    }

    /// Runs the steps after the build; `Some` when a step ended the run early. `from_il`: the
    /// program came from SPIR-V, so the host runs its C++ initialisation kernels itself.
    fn execute(
        &mut self,
        spec: &RunSpec,
        program: &crate::drivers::program::Program,
        from_il: bool,
        o: &mut RunOutcome,
    ) -> Option<Actual> {
        // Kernels: every launched or queried one, once.
        let mut names: Vec<&str> = Vec::new();
        for n in
            spec.launches
                .iter()
                .map(|l| l.kernel.as_str())
                .chain(spec.queries.iter().filter_map(|q| match q {
                    Query::ArgAddressQualifier { kernel, .. }
                    | Query::KernelLocalMemSize { kernel, .. } => Some(kernel.as_str()),
                    Query::ProgramGlobalVariableTotalSize { .. } => None,
                }))
        {
            if !names.contains(&n) {
                names.push(n);
            }
        }
        let mut kernels: Vec<(&str, Owned)> = Vec::new();
        for n in names {
            let Ok(c) = CString::new(n) else { continue };
            match cl3::kernel::create_kernel(program.get(), &c) {
                Ok(k) => kernels.push((n, Owned(k, release_kernel))),
                Err(e) => {
                    return Some(self.fail(o.clone(), spec, Step::CreateKernel, code_name(e)))
                }
            }
        }
        if spec.expect_error == Some(ExpectError::Build) {
            return Self::no_error(o, "build".into());
        }
        let kernel = |name: &str| -> cl_kernel {
            kernels
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, k)| k.0)
                .unwrap_or(std::ptr::null_mut())
        };

        // Buffers, with their initial contents.
        let mut mems: Vec<Option<Owned>> = Vec::new();
        for a in &spec.args {
            let Arg::Buffer {
                elem, len, init, ..
            } = a
            else {
                mems.push(None);
                continue;
            };
            let mut bytes = Vec::with_capacity(len * elem.size());
            for i in 0..*len {
                elem.encode(init.as_ref().and_then(|v| v.at(i)).unwrap_or(0), &mut bytes);
            }
            // SAFETY: `bytes` outlives the call, which copies it (CL_MEM_COPY_HOST_PTR).
            let mem = unsafe {
                cl3::memory::create_buffer(
                    self.context.get(),
                    CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                    bytes.len(),
                    bytes.as_mut_ptr().cast(),
                )
            };
            match mem {
                Ok(m) => mems.push(Some(Owned(m, release_mem))),
                Err(e) => {
                    return Some(self.fail(o.clone(), spec, Step::CreateBuffer, code_name(e)))
                }
            }
        }

        // Arguments, on every launched kernel: every launch gets the same list.
        let mut launched: Vec<&str> = Vec::new();
        for l in &spec.launches {
            if !launched.contains(&l.kernel.as_str()) {
                launched.push(&l.kernel);
            }
        }
        for name in &launched {
            let k = kernel(name);
            for (i, a) in spec.args.iter().enumerate() {
                let scratch: Vec<u8>;
                let (size, value): (usize, *const c_void) = match a {
                    Arg::Buffer { .. } => {
                        let m: &cl_mem =
                            &mems[i].as_ref().expect("a buffer argument has a buffer").0;
                        (std::mem::size_of::<cl_mem>(), (m as *const cl_mem).cast())
                    }
                    Arg::Local {
                        bytes,
                        non_null: false,
                    } => (*bytes, std::ptr::null()),
                    Arg::Local {
                        bytes,
                        non_null: true,
                    } => {
                        // Large enough that a driver copying `bytes` from it reads valid memory.
                        scratch = vec![0u8; (*bytes).clamp(8, 1 << 20)];
                        (*bytes, scratch.as_ptr().cast())
                    }
                    Arg::Scalar { elem, value } => {
                        let mut b = Vec::new();
                        elem.encode(*value, &mut b);
                        scratch = b;
                        (scratch.len(), scratch.as_ptr().cast())
                    }
                };
                // SAFETY: `value` points at `size` readable bytes, or is NULL for a local arg.
                let set = unsafe { cl3::kernel::set_kernel_arg(k, i as u32, size, value) };
                if let Err(e) = set {
                    return Some(self.fail(o.clone(), spec, Step::SetArg(i), code_name(e)));
                }
            }
        }
        if let Some(ExpectError::SetArg(i)) = spec.expect_error {
            return Self::no_error(o, format!("set-arg {i}"));
        }

        // Queries, after the arguments (CL_KERNEL_LOCAL_MEM_SIZE counts local arguments).
        for q in &spec.queries {
            o.queries.push(self.query(q, program, &kernel));
        }

        // Launches, in order, then one finish.
        if !spec.launches.is_empty() {
            let queue = match self.queue() {
                Ok(q) => q,
                Err(e) => return Some(self.fail(o.clone(), spec, Step::Enqueue, code_name(e))),
            };
            if from_il {
                if let Err(e) = self.run_init_kernels(queue, program, o) {
                    let _ = cl3::command_queue::finish(queue);
                    self.drop_queue();
                    return Some(self.fail(o.clone(), spec, Step::InitKernel, code_name(e)));
                }
            }
            for l in &spec.launches {
                let global: Vec<usize> = l.global.clone();
                let local: Option<Vec<usize>> = l.local.clone();
                // SAFETY: sizes point at `global.len()` values; no events are waited on.
                let r = unsafe {
                    cl3::command_queue::enqueue_nd_range_kernel(
                        queue,
                        kernel(&l.kernel),
                        global.len() as u32,
                        std::ptr::null(),
                        global.as_ptr(),
                        local.as_ref().map_or(std::ptr::null(), |v| v.as_ptr()),
                        0,
                        std::ptr::null(),
                    )
                };
                match r {
                    // SAFETY: the event was just returned to us.
                    Ok(ev) => unsafe {
                        let _ = cl3::event::release_event(ev);
                    },
                    Err(e) => {
                        // A queue that refused a command may be unusable: start afresh.
                        let _ = cl3::command_queue::finish(queue);
                        self.drop_queue();
                        return Some(self.fail(o.clone(), spec, Step::Enqueue, code_name(e)));
                    }
                }
            }
            if let Err(e) = cl3::command_queue::finish(queue) {
                self.drop_queue();
                return Some(self.fail(o.clone(), spec, Step::Finish, code_name(e)));
            }
        }
        if matches!(
            spec.expect_error,
            Some(ExpectError::Enqueue | ExpectError::BuildOrEnqueue)
        ) {
            return Self::no_error(o, "enqueue".into());
        }

        // Read back and compare.
        let expected: Vec<usize> = spec.expects.iter().map(|e| e.arg).collect();
        for (i, a) in spec.args.iter().enumerate() {
            let Arg::Buffer {
                name, elem, len, ..
            } = a
            else {
                continue;
            };
            let wanted = expected.contains(&i);
            if !wanted && *len > REPORTED_MAX {
                continue;
            }
            let mut bytes = vec![0u8; len * elem.size()];
            if spec.launches.is_empty() {
                // Nothing ran: there is no queue, and the contents are the initial ones.
                continue;
            }
            let queue = self.queue.unwrap_or(std::ptr::null_mut());
            let mem = mems[i]
                .as_ref()
                .map(|m| m.0)
                .unwrap_or(std::ptr::null_mut());
            // SAFETY: a blocking read into `bytes`, which has exactly the buffer's size.
            let r = unsafe {
                cl3::command_queue::enqueue_read_buffer(
                    queue,
                    mem,
                    1,
                    0,
                    bytes.len(),
                    bytes.as_mut_ptr().cast(),
                    0,
                    std::ptr::null(),
                )
            };
            match r {
                // SAFETY: the event was just returned to us.
                Ok(ev) => unsafe {
                    let _ = cl3::event::release_event(ev);
                },
                Err(e) => {
                    self.drop_queue();
                    return Some(self.fail(o.clone(), spec, Step::Read, code_name(e)));
                }
            }
            let got: Vec<i64> = bytes.chunks(elem.size()).map(|c| elem.decode(c)).collect();
            if !wanted {
                o.reported.push(Reported {
                    name: name.clone(),
                    values: got,
                });
                continue;
            }
            for e in spec.expects.iter().filter(|e| e.arg == i) {
                let mut m = BufferMismatch {
                    buffer: name.clone(),
                    elem: elem.name().into(),
                    len: *len,
                    differing: 0,
                    first: Vec::new(),
                    pairs: Vec::new(),
                    more_pairs: false,
                };
                for (index, actual) in got.iter().enumerate() {
                    // Compare in the element type's domain: 250 expected in a char is -6.
                    let mut b = Vec::new();
                    elem.encode(e.values.at(index).unwrap_or(0), &mut b);
                    let want = elem.decode(&b);
                    if want != *actual {
                        m.record(index, want, *actual, FIRST_DIFFS);
                    }
                }
                if m.differing > 0 {
                    o.buffers.push(m);
                }
            }
        }
        if !o.buffers.is_empty() || o.queries.iter().any(|q| !q.ok) {
            o.status = RunStatus::Mismatch;
        }
        None
    }

    /// The host's part of the C++ for OpenCL protocol for a program from SPIR-V (clang's
    /// Users Manual, "Constructing and destroying global objects"): each initialisation kernel
    /// the program has, enqueued once with one work-item on the case's queue, so that it runs
    /// before the case's first launch. Recorded in the outcome.
    fn run_init_kernels(
        &mut self,
        queue: cl_command_queue,
        program: &crate::drivers::program::Program,
        o: &mut RunOutcome,
    ) -> Result<(), cl_int> {
        for name in init_kernels(&kernel_names(program)) {
            let Ok(c) = CString::new(name.as_str()) else {
                continue;
            };
            let k = Owned(
                cl3::kernel::create_kernel(program.get(), &c)?,
                release_kernel,
            );
            let one = [1usize];
            // SAFETY: one dimension of one work-item; no events are waited on.
            let ev = unsafe {
                cl3::command_queue::enqueue_nd_range_kernel(
                    queue,
                    k.0,
                    1,
                    std::ptr::null(),
                    one.as_ptr(),
                    std::ptr::null(),
                    0,
                    std::ptr::null(),
                )?
            };
            // SAFETY: the event was just returned to us.
            unsafe {
                let _ = cl3::event::release_event(ev);
            }
            o.init_kernels.push(name);
        }
        Ok(())
    }
}

/// `CL_PROGRAM_KERNEL_NAMES` of a built program (empty when the driver does not answer).
fn kernel_names(program: &crate::drivers::program::Program) -> String {
    cl3::program::get_program_data(program.get(), CL_PROGRAM_KERNEL_NAMES)
        .map(|b| {
            String::from_utf8_lossy(&b)
                .trim_end_matches('\0')
                .to_string()
        })
        .unwrap_or_default()
}

/// The C++ for OpenCL initialisation kernels among `names` (`;`-separated, as
/// `CL_PROGRAM_KERNEL_NAMES` lists them): clang names each `_GLOBAL__sub_I_<file name>`.
pub fn init_kernels(names: &str) -> Vec<String> {
    let mut v: Vec<String> = names
        .split(';')
        .map(str::trim)
        .filter(|n| n.starts_with(INIT_PREFIX))
        .map(String::from)
        .collect();
    v.sort();
    v
}

/// The prefix of clang's C++ for OpenCL initialisation kernels.
pub const INIT_PREFIX: &str = "_GLOBAL__sub_I_";

#[cfg(test)]
mod tests {
    #[test]
    fn init_kernels_are_found_by_clangs_prefix() {
        assert_eq!(
            super::init_kernels("observe;_GLOBAL__sub_I_case.cl;read_back"),
            ["_GLOBAL__sub_I_case.cl"]
        );
        assert!(super::init_kernels("").is_empty());
    }
}
