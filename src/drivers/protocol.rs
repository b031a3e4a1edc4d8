//! The JSON-lines protocol between `clasp run` and its workers (`clasp worker build`).
//!
//! The worker writes one [`Hello`] line once its context exists, then answers each [`Request`]
//! line with one [`Response`] line, in order. End of input ends the worker.

use crate::results::Actual;
use serde::{Deserialize, Serialize};

/// First line a build worker writes: what it runs on, or why it cannot.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Hello {
    /// The device identity ([`super::DeviceInfo::identity`]) of the device it opened.
    pub identity: Option<String>,
    pub error: Option<String>,
}

/// One build of one source with options on the worker's device.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Request {
    pub id: u64,
    pub source: String,
    pub options: String,
    #[serde(default)]
    pub mode: Mode,
    /// The program as SPIR-V: never on the wire; set by a worker that compiled the source
    /// offline ([`Mode::Spirv`], [`Mode::SpirvRun`]), so the build takes it instead of the source.
    #[serde(skip)]
    pub il: Option<Vec<u8>>,
    /// For [`Mode::Run`]: the source of a packed program, several run-time cases' files in one
    /// (each case's file-scope names are its own), built once and kept by the worker for every
    /// case of the pack. The case runs against it; a case that does not pass there, or whose
    /// pack does not build, runs again from its own source alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pack: Option<String>,
    /// A compile pack ([`Mode::Build`], [`Mode::ArgInfo`]): the sources of several compile
    /// cases that must build, each as its own file (`source` is unused). The worker builds them
    /// as one program, their file-scope names made unique ([`super::packing`]), and answers
    /// one [`Response::members`] entry per source; a pack that fails is split until each
    /// failing case is built alone.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub members: Vec<String>,
}

/// A [`Request`] as the parent writes it: the same JSON, borrowing the source and options
/// instead of copying them for every build.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct RequestRef<'a> {
    pub id: u64,
    pub source: &'a str,
    pub options: &'a str,
    pub mode: Mode,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pack: Option<&'a str>,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub members: &'a [&'a str],
}

/// What a request does after the build.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// Build only: accepted or rejected.
    #[default]
    Build,
    /// The source is a whole run-time case file: build it, then execute its `RunSpec`
    /// (see [`super::execute`]). The answer is in [`Response::actual`].
    Run,
    /// Build (the options carry `-cl-kernel-arg-info`), then report
    /// `CL_KERNEL_ARG_ADDRESS_QUALIFIER` of every argument of every kernel in
    /// [`Response::actual`], as queries with an empty expected side.
    ArgInfo,
    /// [`Mode::Build`] through SPIR-V: the worker compiles the source offline (the options are
    /// the offline compiler's, see [`super::spirv`]), checks the module with `spirv-val`, then
    /// builds it with `clCreateProgramWithIL`.
    Spirv,
    /// [`Mode::Run`] through SPIR-V, as [`Mode::Spirv`].
    SpirvRun,
    /// A case that must be rejected, on the SPIR-V path: only the offline compiler's front end
    /// runs, and its verdict is answered as a skip that names it ([`super::spirv::front_verdict`]);
    /// the driver is given nothing.
    SpirvFront,
    /// [`Mode::Build`] with `clCompileProgram` and no link: the cheaper way to a build that
    /// must fail, on the platforms where it gives `clBuildProgram`'s verdict on every case
    /// (measured, see [`crate::engine`]). Answered as a build is.
    Compile,
}

impl Mode {
    /// The cache key's part for this mode (empty for plain builds, so old cache files stay
    /// valid).
    pub fn cache_tag(self) -> &'static str {
        match self {
            Mode::Build => "",
            Mode::Run => "run",
            Mode::ArgInfo => "arg-info",
            Mode::Spirv => "spirv",
            Mode::SpirvRun => "spirv-run",
            Mode::SpirvFront => "spirv-front",
            Mode::Compile => "compile",
        }
    }
}

/// How a build ended, as the driver reported it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BuildStatus {
    Accepted,
    Rejected,
    /// Neither: a status that does not exist, or one that contradicts `clBuildProgram`'s result.
    Invalid,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Response {
    pub id: u64,
    pub status: BuildStatus,
    /// The OpenCL error name `clBuildProgram` returned (`CL_SUCCESS`, `CL_BUILD_PROGRAM_FAILURE`).
    pub code: String,
    /// The build log, or for [`BuildStatus::Invalid`] what was wrong.
    pub log: String,
    /// Time inside `clBuildProgram`, in milliseconds.
    pub build_ms: f64,
    /// For [`Mode::Run`] and [`Mode::ArgInfo`]: the whole outcome.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actual: Option<Actual>,
    /// For a compile pack ([`Request::members`]): each member's answer, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub members: Vec<Response>,
}
