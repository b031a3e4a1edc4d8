//! Child processes with a deadline: one-shot commands ([`output_with_timeout`], used for
//! discovery and clang) and long-lived build workers ([`Worker`]).
//!
//! A worker that dies is reported as [`WorkerFailure::Crash`] with the signal that killed it; one
//! that does not answer in time is killed and reported as [`WorkerFailure::Timeout`]. Either way
//! the caller starts a new worker and goes on.

use super::protocol::{Hello, Mode, Request, Response};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
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

/// A live `clasp worker build` process bound to one device.
pub struct Worker {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<io::Result<String>>,
    next_id: u64,
}

impl Worker {
    /// Starts a worker for `(platform, device)` and waits for its hello. `stderr` receives
    /// whatever the driver prints.
    pub fn start(
        exe: &Path,
        platform: u32,
        device: u32,
        identity: &str,
        stderr: Stdio,
        timeout: Duration,
    ) -> Result<Worker, String> {
        let mut child = Command::new(exe)
            .args([
                "worker",
                "build",
                "--platform",
                &platform.to_string(),
                "--device",
                &device.to_string(),
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .map_err(|e| format!("cannot start a worker: {e}"))?;
        let stdin = child.stdin.take().ok_or("worker has no stdin")?;
        let stdout = child.stdout.take().ok_or("worker has no stdout")?;
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut w = Worker {
            child,
            stdin,
            lines,
            next_id: 0,
        };
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

    /// One request of any mode (a build, a run-time case, an argument-qualifier query). On
    /// failure the worker is gone (killed or dead): drop it and start another.
    pub fn request(
        &mut self,
        source: &str,
        options: &str,
        mode: Mode,
        timeout: Duration,
    ) -> Result<Response, WorkerFailure> {
        self.next_id += 1;
        let req = Request {
            id: self.next_id,
            source: source.to_string(),
            options: options.to_string(),
            mode,
        };
        let mut line =
            serde_json::to_string(&req).map_err(|e| WorkerFailure::Protocol(e.to_string()))?;
        line.push('\n');
        if self
            .stdin
            .write_all(line.as_bytes())
            .and_then(|_| self.stdin.flush())
            .is_err()
        {
            // The worker is gone; its exit status says how.
            return Err(self.reap());
        }
        let line = self.read_line(timeout)?;
        let resp: Response = serde_json::from_str(&line).map_err(|e| {
            self.kill();
            WorkerFailure::Protocol(format!("worker answered garbage ({e}): {line}"))
        })?;
        if resp.id != self.next_id {
            self.kill();
            return Err(WorkerFailure::Protocol(format!(
                "worker answered request {} to request {}",
                resp.id, self.next_id
            )));
        }
        Ok(resp)
    }

    fn read_line(&mut self, timeout: Duration) -> Result<String, WorkerFailure> {
        match self.lines.recv_timeout(timeout) {
            Ok(Ok(line)) => Ok(line),
            Ok(Err(_)) | Err(RecvTimeoutError::Disconnected) => Err(self.reap()),
            Err(RecvTimeoutError::Timeout) => {
                self.kill();
                Err(WorkerFailure::Timeout)
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
