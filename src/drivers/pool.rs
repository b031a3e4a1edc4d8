//! Child processes with a deadline: one-shot commands ([`output_with_timeout`], used for
//! discovery and clang) and long-lived build workers ([`Worker`]).
//!
//! A worker that dies is reported as [`WorkerFailure::Crash`] with the signal that killed it; one
//! that does not answer in time is killed and reported as [`WorkerFailure::Timeout`]. Either way
//! the caller takes another worker and goes on: `clasp run` keeps one started in the background
//! per slot ([`Slot`]), and starts workers with only their device's vendor library loaded
//! ([`Target`]), since starting a worker is the most expensive thing the harness does.
//! [`raw_times`] runs the jobs of a saved run with no harness, for `clasp overhead`.

use super::discover::{DeviceInfo, Icd};
use super::protocol::{Hello, Mode, RequestRef, Response};
use std::collections::VecDeque;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// How a one-shot command ended.
pub enum Finished {
    Exited {
        status: ExitStatus,
        stdout: Vec<u8>,
        stderr: Vec<u8>,
    },
    TimedOut,
}

/// Runs `cmd` (stdin closed) and collects its output, killing it after `timeout`.
pub fn output_with_timeout(mut cmd: Command, timeout: Duration) -> io::Result<Finished> {
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn()?;
    let (tx, rx) = mpsc::channel();
    for (is_err, pipe) in [
        (
            false,
            child
                .stdout
                .take()
                .map(|p| Box::new(p) as Box<dyn Read + Send>),
        ),
        (
            true,
            child
                .stderr
                .take()
                .map(|p| Box::new(p) as Box<dyn Read + Send>),
        ),
    ] {
        let tx = tx.clone();
        thread::spawn(move || {
            let mut buf = Vec::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_end(&mut buf);
            }
            let _ = tx.send((is_err, buf));
        });
    }
    drop(tx);
    let deadline = Instant::now() + timeout;
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    for _ in 0..2 {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok((false, b)) => stdout = b,
            Ok((true, b)) => stderr = b,
            Err(RecvTimeoutError::Timeout) => {
                let _ = child.kill();
                let _ = child.wait();
                return Ok(Finished::TimedOut);
            }
            Err(RecvTimeoutError::Disconnected) => break,
        }
    }
    // Both pipes are closed: the process has exited or is about to.
    let status = child.wait()?;
    Ok(Finished::Exited {
        status,
        stdout,
        stderr,
    })
}

/// Runs `clasp worker raw` on `target` with `jobs` and `loops` passes, and returns what it
/// measured. No deadline: it is a measurement, run by hand, on jobs known not to crash or hang.
pub fn raw_times(
    exe: &Path,
    target: &Target,
    jobs: &[super::protocol::Request],
    loops: u32,
) -> Result<super::worker::RawTimes, String> {
    let mut cmd = Command::new(exe);
    cmd.args([
        "worker",
        "raw",
        "--platform",
        &target.platform.to_string(),
        "--device",
        &target.device.to_string(),
        "--loops",
        &loops.to_string(),
    ])
    .stdin(Stdio::piped())
    .stdout(Stdio::piped())
    // Build logs that drivers print (Oclgrind prints every one) would bury the figures.
    .stderr(Stdio::null());
    if let Some(library) = &target.library {
        cmd.env("OCL_ICD_VENDORS", library);
    }
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("cannot start the raw worker: {e}"))?;
    let mut input = Vec::new();
    for job in jobs {
        serde_json::to_writer(&mut input, job).map_err(|e| e.to_string())?;
        input.push(b'\n');
    }
    let mut stdin = child.stdin.take().ok_or("raw worker has no stdin")?;
    let writer = thread::spawn(move || stdin.write_all(&input));
    let mut out = Vec::new();
    if let Some(mut stdout) = child.stdout.take() {
        let _ = stdout.read_to_end(&mut out);
    }
    let _ = writer.join();
    let status = child.wait().map_err(|e| e.to_string())?;
    if !status.success() {
        return Err(format!(
            "the raw worker died ({}): a job in the list crashes this driver in one process",
            describe_exit(status)
        ));
    }
    serde_json::from_slice(&out).map_err(|e| format!("the raw worker answered garbage: {e}"))
}

/// `SIGSEGV`, `SIGABRT`, ... or `exit(N)`.
pub fn describe_exit(status: ExitStatus) -> String {
    if let Some(sig) = status.signal() {
        signal_name(sig)
    } else {
        format!("exit({})", status.code().unwrap_or(-1))
    }
}

fn signal_name(sig: i32) -> String {
    let name = match sig {
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGILL => "SIGILL",
        libc::SIGKILL => "SIGKILL",
        libc::SIGTERM => "SIGTERM",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGPIPE => "SIGPIPE",
        _ => return format!("signal {sig}"),
    };
    name.to_string()
}

/// Why a worker gave no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WorkerFailure {
    /// The process died; the exit description (`SIGSEGV`, `exit(101)`).
    Crash(String),
    /// No answer within the deadline; the process was killed.
    Timeout,
    /// The process answered something that is not a response line.
    Protocol(String),
}

/// Where a build worker finds its device.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    pub platform: u32,
    pub device: u32,
    /// Load only this vendor library (`OCL_ICD_VENDORS=<library>`, see [`Icd`]); `platform`
    /// then counts that library's platforms only. `None`: every installed driver.
    pub library: Option<String>,
}

impl Target {
    /// The device with every installed driver loaded (discovery's platform numbering).
    pub fn full(d: &DeviceInfo) -> Target {
        Target {
            platform: d.platform_index,
            device: d.device_index,
            library: None,
        }
    }

    /// The device with only its own vendor library loaded, when discovery found which it is.
    pub fn own_library(d: &DeviceInfo) -> Option<Target> {
        d.icd.as_ref().map(|icd: &Icd| Target {
            platform: icd.platform_index,
            device: d.device_index,
            library: Some(icd.library.clone()),
        })
    }
}

/// What a slot's workers are started as. Both kinds speak the same protocol.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Launch {
    /// `clasp worker build` on one OpenCL device.
    Device(Target),
    /// `clasp worker <args>`: a compiler loaded in the worker (clang-22 through libclang,
    /// clspv), see [`crate::subjects`].
    Compiler(Vec<String>),
}

impl Launch {
    /// The worker's command line, its output not yet connected.
    fn command(&self, exe: &Path) -> Command {
        let mut cmd = Command::new(exe);
        match self {
            Launch::Device(target) => {
                cmd.args([
                    "worker",
                    "build",
                    "--platform",
                    &target.platform.to_string(),
                    "--device",
                    &target.device.to_string(),
                ]);
                if let Some(library) = &target.library {
                    cmd.env("OCL_ICD_VENDORS", library);
                }
            }
            Launch::Compiler(args) => {
                cmd.arg("worker").args(args);
            }
        }
        cmd
    }
}

/// A live `clasp worker build` process bound to one device (or a compiler worker).
pub struct Worker {
    child: Child,
    stdin: ChildStdin,
    /// The worker's protocol output, read in this thread: a reader thread would add a thread
    /// switch to every request, which on a loaded machine costs as much as a small build.
    stdout: BufReader<ChildStdout>,
    next_id: u64,
    /// The request line being written, kept to reuse its allocation.
    buf: Vec<u8>,
}

/// A worker process that was started but whose hello has not been read yet: its driver
/// initialises while the caller does other work. [`Starting::ready`] waits for the hello.
pub struct Starting(Worker);

impl Worker {
    /// Starts a worker process for `launch` and returns without waiting for it.
    pub fn spawn(exe: &Path, launch: &Launch, stderr: Stdio) -> Result<Starting, String> {
        let mut cmd = launch.command(exe);
        cmd.stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr);
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("cannot start a worker: {e}"))?;
        let stdin = child.stdin.take().ok_or("worker has no stdin")?;
        let stdout = child.stdout.take().ok_or("worker has no stdout")?;
        Ok(Starting(Worker {
            child,
            stdin,
            stdout: BufReader::with_capacity(MAX_LINE_CHUNK, stdout),
            next_id: 0,
            buf: Vec::new(),
        }))
    }

    /// One request of any mode (a build, a run-time case, an argument-qualifier query): sent,
    /// then answered. On failure the worker is gone (killed or dead): drop it and start another.
    pub fn request(
        &mut self,
        source: &str,
        options: &str,
        mode: Mode,
        timeout: Duration,
    ) -> Result<Response, WorkerFailure> {
        let id = self.send(source, options, mode)?;
        self.receive(id, timeout)
    }

    /// Queues a request and returns its id; the worker answers requests in the order it gets
    /// them, so a caller may send the next one before this one is answered (the engine keeps
    /// one ahead: a worker that waits between requests costs some drivers a millisecond each).
    /// On failure the worker is gone.
    pub fn send(&mut self, source: &str, options: &str, mode: Mode) -> Result<u64, WorkerFailure> {
        self.send_packed(source, options, mode, None)
    }

    /// [`Worker::send`] for a run-time case that runs in the packed program `pack`.
    pub fn send_packed(
        &mut self,
        source: &str,
        options: &str,
        mode: Mode,
        pack: Option<&str>,
    ) -> Result<u64, WorkerFailure> {
        self.write(source, options, mode, pack, &[])
    }

    /// Sends a compile pack (see [`crate::drivers::packing`]): one answer for all `members`.
    pub fn send_pack(
        &mut self,
        members: &[&str],
        options: &str,
        mode: Mode,
    ) -> Result<u64, WorkerFailure> {
        self.write("", options, mode, None, members)
    }

    fn write(
        &mut self,
        source: &str,
        options: &str,
        mode: Mode,
        pack: Option<&str>,
        members: &[&str],
    ) -> Result<u64, WorkerFailure> {
        self.next_id += 1;
        let req = RequestRef {
            id: self.next_id,
            source,
            options,
            mode,
            pack,
            members,
        };
        self.buf.clear();
        serde_json::to_writer(&mut self.buf, &req)
            .map_err(|e| WorkerFailure::Protocol(e.to_string()))?;
        self.buf.push(b'\n');
        // One write per request: the pipe is unbuffered, so there is nothing to flush.
        if self.stdin.write_all(&self.buf).is_err() {
            // The worker is gone; its exit status says how.
            return Err(self.reap());
        }
        Ok(self.next_id)
    }

    /// The answer to request `id`, the oldest one not yet answered, waiting at most `timeout`
    /// (then the worker is killed). On failure the worker is gone.
    pub fn receive(&mut self, id: u64, timeout: Duration) -> Result<Response, WorkerFailure> {
        let line = self.read_line(timeout)?;
        let resp: Response = serde_json::from_str(&line).map_err(|e| {
            self.kill();
            WorkerFailure::Protocol(format!("worker answered garbage ({e}): {line}"))
        })?;
        if resp.id != id {
            self.kill();
            return Err(WorkerFailure::Protocol(format!(
                "worker answered request {} to request {id}",
                resp.id
            )));
        }
        Ok(resp)
    }

    /// The next line the worker writes, waiting at most `timeout` for it (then the worker is
    /// killed).
    fn read_line(&mut self, timeout: Duration) -> Result<String, WorkerFailure> {
        let deadline = Instant::now() + timeout;
        let mut line: Vec<u8> = Vec::new();
        loop {
            let buffered = self.stdout.buffer();
            if let Some(end) = buffered.iter().position(|b| *b == b'\n') {
                line.extend_from_slice(&buffered[..end]);
                self.stdout.consume(end + 1);
                return String::from_utf8(line).map_err(|_| {
                    self.kill();
                    WorkerFailure::Protocol("worker answered a line that is not UTF-8".into())
                });
            }
            line.extend_from_slice(buffered);
            let n = buffered.len();
            self.stdout.consume(n);
            let left = deadline.saturating_duration_since(Instant::now());
            let mut fd = libc::pollfd {
                fd: self.stdout.get_ref().as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            };
            let ms = left.as_millis().min(i32::MAX as u128) as i32;
            // SAFETY: one pollfd on a descriptor this worker owns, for the duration of the call.
            match unsafe { libc::poll(&mut fd, 1, ms) } {
                0 if Instant::now() >= deadline => {
                    self.kill();
                    return Err(WorkerFailure::Timeout);
                }
                0 => continue,
                r if r < 0 => {
                    if io::Error::last_os_error().kind() == io::ErrorKind::Interrupted {
                        continue;
                    }
                    return Err(self.reap());
                }
                _ => {}
            }
            match self.stdout.fill_buf() {
                // End of output: the worker is gone.
                Ok([]) => return Err(self.reap()),
                Ok(_) => {}
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => return Err(self.reap()),
            }
        }
    }

    /// Waits for a worker whose output ended, and says how it died.
    fn reap(&mut self) -> WorkerFailure {
        // The output closed; give the process a moment to be reaped, then make sure it is gone.
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return WorkerFailure::Crash(describe_exit(status)),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(2)),
                _ => {
                    self.kill();
                    return WorkerFailure::Crash("closed its output".into());
                }
            }
        }
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Starting {
    /// Waits (at most `timeout` from now) for the worker's hello, and checks that it opened the
    /// device discovery found as `identity`.
    pub fn ready(self, identity: &str, timeout: Duration) -> Result<Worker, String> {
        let mut w = self.0;
        let hello: Hello = match w.read_line(timeout) {
            Ok(line) => serde_json::from_str(&line)
                .map_err(|e| format!("worker hello is not JSON ({e}): {line}"))?,
            Err(WorkerFailure::Crash(how)) => {
                return Err(format!("worker died while opening the device ({how})"))
            }
            Err(WorkerFailure::Timeout) => {
                return Err(format!(
                    "worker did not open the device within {} s",
                    timeout.as_secs()
                ))
            }
            Err(WorkerFailure::Protocol(e)) => return Err(e),
        };
        if let Some(e) = hello.error {
            return Err(e);
        }
        match hello.identity {
            Some(id) if id == identity => Ok(w),
            Some(id) => Err(format!(
                "worker opened a different device than discovery found: `{id}` (expected `{identity}`)"
            )),
            None => Err("worker hello names no device".into()),
        }
    }
}

/// How much of a worker's output is read at once.
const MAX_LINE_CHUNK: usize = 64 * 1024;

/// A worker that fails to start this many times in a row gives up on its device.
const START_ATTEMPTS: u32 = 3;

/// Spare workers a slot keeps ready once it has lost a worker (a slot whose driver never
/// crashes pays for no spare: a rusticl start costs 0.3 s of CPU). More would cover a driver
/// that crashes on several requests in a row (rusticl on the four profiles of an image case),
/// but on a busy 2-core machine three spares made rusticl runs slower, not faster.
const SPARES: usize = 1;

/// One of a device's parallel slots: the worker that answers its requests, and spare workers
/// started in the background.
///
/// A worker lost to a crash or a timeout costs a process start (exec, loading the ICD, the
/// driver's own initialisation: 0.3 s of CPU for rusticl) before the next request; with a
/// spare, that start happened while the lost worker was still building, and the next request
/// waits only for what is left of it. Spares are ordinary workers, so isolation is unchanged: a
/// crash or a hang costs the one request that caused it, and no process serves two slots.
pub struct Slot<'a> {
    exe: &'a Path,
    /// Tried in order: the device's own library alone, then every driver loaded.
    targets: Vec<Launch>,
    identity: &'a str,
    stderr: &'a (dyn Fn() -> Stdio + Sync),
    start_timeout: Duration,
    worker: Option<Worker>,
    spares: VecDeque<Starting>,
    /// Whether the slot has lost a worker, and so keeps spares.
    keep_spares: bool,
    gave_up: Option<String>,
}

impl<'a> Slot<'a> {
    pub fn new(
        exe: &'a Path,
        device: &DeviceInfo,
        identity: &'a str,
        stderr: &'a (dyn Fn() -> Stdio + Sync),
        start_timeout: Duration,
    ) -> Slot<'a> {
        let mut targets: Vec<Launch> = Target::own_library(device)
            .into_iter()
            .map(Launch::Device)
            .collect();
        targets.push(Launch::Device(Target::full(device)));
        Slot::with_launches(exe, targets, identity, stderr, start_timeout)
    }

    /// A slot of compiler workers (`clasp worker <args>`).
    pub fn compiler(
        exe: &'a Path,
        args: Vec<String>,
        identity: &'a str,
        stderr: &'a (dyn Fn() -> Stdio + Sync),
        start_timeout: Duration,
    ) -> Slot<'a> {
        Slot::with_launches(
            exe,
            vec![Launch::Compiler(args)],
            identity,
            stderr,
            start_timeout,
        )
    }

    fn with_launches(
        exe: &'a Path,
        targets: Vec<Launch>,
        identity: &'a str,
        stderr: &'a (dyn Fn() -> Stdio + Sync),
        start_timeout: Duration,
    ) -> Slot<'a> {
        Slot {
            exe,
            targets,
            identity,
            stderr,
            start_timeout,
            worker: None,
            spares: VecDeque::new(),
            keep_spares: false,
            gave_up: None,
        }
    }

    /// The slot's worker, taken from the spares (or started) when there is none; the reason
    /// when the device cannot be opened (after [`START_ATTEMPTS`] tries).
    pub fn worker(&mut self) -> Result<&mut Worker, String> {
        if self.worker.is_none() {
            if let Some(why) = &self.gave_up {
                return Err(why.clone());
            }
            let mut last = String::new();
            let mut attempts = 0;
            while self.worker.is_none() && attempts < START_ATTEMPTS {
                let starting = match self.spares.pop_front() {
                    Some(s) => Ok(s),
                    None => Worker::spawn(self.exe, &self.targets[0], (self.stderr)()),
                };
                match starting.and_then(|s| s.ready(self.identity, self.start_timeout)) {
                    Ok(w) => self.worker = Some(w),
                    Err(e) if self.targets.len() > 1 => {
                        // The loader did not take `OCL_ICD_VENDORS` as ocl-icd does (or the
                        // library alone does not open the device): load every driver from now
                        // on, without counting this as a failed start.
                        self.targets.remove(0);
                        self.spares.clear();
                        last = e;
                    }
                    Err(e) => {
                        attempts += 1;
                        last = e;
                    }
                }
            }
            if self.worker.is_none() {
                self.gave_up = Some(last.clone());
                return Err(last);
            }
        }
        while self.keep_spares && self.spares.len() < SPARES {
            // Started now, ready by the time a loss needs them.
            match Worker::spawn(self.exe, &self.targets[0], (self.stderr)()) {
                Ok(s) => self.spares.push_back(s),
                Err(_) => break,
            }
        }
        Ok(self.worker.as_mut().expect("started above"))
    }

    /// The worker failed a request (it is dead or was killed): the next request gets another.
    pub fn lost(&mut self) {
        self.worker = None;
        self.keep_spares = true;
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        // Closing stdin ends a healthy worker; one stuck in a driver call is killed.
        if let Ok(None) = self.child.try_wait() {
            self.kill();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_shot_commands_time_out_and_report_signals() {
        let mut cmd = Command::new("sh");
        cmd.args(["-c", "echo out; echo err >&2"]);
        match output_with_timeout(cmd, Duration::from_secs(10)).unwrap() {
            Finished::Exited {
                status,
                stdout,
                stderr,
            } => {
                assert!(status.success());
                assert_eq!(stdout, b"out\n");
                assert_eq!(stderr, b"err\n");
            }
            Finished::TimedOut => panic!("timed out"),
        }
        let mut cmd = Command::new("sleep");
        cmd.arg("30");
        let t = Instant::now();
        assert!(matches!(
            output_with_timeout(cmd, Duration::from_millis(200)).unwrap(),
            Finished::TimedOut
        ));
        assert!(t.elapsed() < Duration::from_secs(10));
        let mut cmd = Command::new("sh");
        cmd.args(["-c", "kill -SEGV $$"]);
        match output_with_timeout(cmd, Duration::from_secs(10)).unwrap() {
            Finished::Exited { status, .. } => assert_eq!(describe_exit(status), "SIGSEGV"),
            Finished::TimedOut => panic!("timed out"),
        }
    }
}
