//! The SPIR-V path of a device: the worker compiles a case offline, checks the module, and
//! hands it to the driver with `clCreateProgramWithIL`.
//!
//! Offline compiler: `clang-15` (OpenCL C to LLVM bitcode for `spir64`) and `llvm-spirv-15`
//! (Khronos' translator, SPIR-V 1.0, which every device that takes SPIR-V takes), a matched
//! Debian pair: the translator reads only its own LLVM's bitcode. Each module is checked by
//! `spirv-val` for the OpenCL environment of its profile before the driver sees it. What goes
//! wrong before the driver is never charged to it: a source the offline compiler rejects, a
//! module it cannot translate, one `spirv-val` rejects, or one that imports functions (built-ins
//! the translator kept as calls, which no driver defines) is answered as skipped, naming the
//! offline tool and what it said (each is that tool's bug). So is a module that declares image
//! capabilities, on a device without images ([`image_capabilities`]).

use super::protocol::Request;
use std::path::Path;
use std::process::Command;

/// The offline compiler's front end, translator and validator, as on `PATH`.
pub const CLANG: &str = "clang-15";
pub const TRANSLATOR: &str = "llvm-spirv-15";
pub const VALIDATOR: &str = "spirv-val";

/// `program`, killed when the worker that starts it dies: a worker the harness kills for a hang
/// (in clang-15, say) must not leave the hanging tool behind.
pub fn tool(program: &str) -> Command {
    use std::os::unix::process::CommandExt;
    let mut cmd = Command::new(program);
    // SAFETY: prctl is async-signal-safe and touches only the child being started.
    unsafe {
        cmd.pre_exec(|| {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            Ok(())
        });
    }
    cmd
}

/// The SPIR-V version the translator writes for OpenCL C.
pub const SPIRV_VERSION: &str = "1.0";

/// The newest SPIR-V version a C++ module is written in: `spirv-val`'s newest OpenCL
/// environment, `opencl2.2`, validates up to SPIR-V 1.2 (`llvm-spirv-15` writes up to 1.4).
const CXX_MAX: (u32, u32) = (1, 2);

/// The SPIR-V version a module for `options` is written in, on a device whose
/// `CL_DEVICE_IL_VERSION` is `il`. OpenCL C: [`SPIRV_VERSION`]. C++ for OpenCL: the newest
/// version both the device and the validator know (up to [`CXX_MAX`]), since a program with global constructors
/// marks its initialisation kernel with the `Initializer` execution mode, which SPIR-V 1.1
/// introduced (at 1.0 the translator refuses such a module).
pub fn version_for(options: &str, il: &str) -> String {
    if !options.contains("-cl-std=CLC++") {
        return SPIRV_VERSION.into();
    }
    il.split_whitespace()
        .filter_map(|v| v.strip_prefix("SPIR-V_"))
        .filter_map(|v| {
            let (a, b) = v.split_once('.')?;
            Some((a.parse::<u32>().ok()?, b.parse::<u32>().ok()?))
        })
        .filter(|v| *v <= CXX_MAX)
        .max()
        .map(|(a, b)| format!("{a}.{b}"))
        .unwrap_or_else(|| SPIRV_VERSION.into())
}

/// The arguments before the options: OpenCL C for SPIR, with the default header, to bitcode.
const FRONT: [&str; 8] = [
    "-x",
    "cl",
    "-target",
    "spir64-unknown-unknown",
    "-Xclang",
    "-finclude-default-header",
    "-emit-llvm",
    "-c",
];

/// `spirv-val`'s environment for a build whose options say `-cl-std=CL1.x` (OpenCL 1.2 with
/// `cl_khr_il_program`) or a later one (OpenCL 2.0 semantics; spirv-val has no 3.0 one); C++
/// for OpenCL: OpenCL 2.2, whose SPIR-V goes up to 1.2.
pub fn target_env(options: &str) -> &'static str {
    if options.contains("-cl-std=CLC++") {
        // C++ modules may be SPIR-V 1.1 or 1.2 ([`version_for`]).
        "opencl2.2"
    } else if options.contains("-cl-std=CL1.") {
        "opencl1.2"
    } else {
        "opencl2.0"
    }
}

/// Each tool's first version line, for the subject's identity; or which one is missing.
pub fn versions() -> Result<String, String> {
    let mut parts = Vec::new();
    for tool in [CLANG, TRANSLATOR, VALIDATOR] {
        let out = Command::new(tool)
            .arg("--version")
            .output()
            .map_err(|e| format!("{tool} is not installed ({e})"))?;
        let text = String::from_utf8_lossy(&out.stdout);
        let line = text
            .lines()
            .find(|l| l.contains("version") || l.contains("SPIRV-Tools"))
            .unwrap_or("")
            .trim()
            .to_string();
        parts.push(format!("{tool}: {line}"));
    }
    Ok(parts.join(", "))
}

/// The offline front end's verdict on a case that must be rejected, in words that name who
/// judged it: on the SPIR-V path a source the driver never sees is not the driver's to reject,
/// so the job is answered as skipped with this text, whichever way the front end went.
pub fn front_verdict(dir: &Path, req: &Request) -> Result<String, String> {
    std::fs::write(dir.join("case.cl"), &req.source)
        .map_err(|e| format!("cannot write the case for {CLANG}: {e}"))?;
    let out = tool(CLANG)
        .current_dir(dir)
        .args(FRONT)
        .args(["-fsyntax-only"])
        .args(req.options.split_whitespace())
        .arg("case.cl")
        .output()
        .map_err(|e| format!("cannot run {CLANG}: {e}"))?;
    Ok(if out.status.success() {
        format!(
            "judged offline, not by the device: {CLANG} accepts a case that must be rejected, so there is no verdict to give the driver (a front-end finding, reported by the clang subjects)"
        )
    } else {
        format!(
            "judged offline, not by the device: {CLANG} rejects it, as the case expects: {}",
            first_error(&out.stderr)
        )
    })
}

/// The module for `req` (source and offline options), or why the driver gets nothing (the
/// job is then skipped, saying so).
pub fn compile(dir: &Path, req: &Request, version: &str) -> Result<Vec<u8>, String> {
    let (src, bc, spv) = (
        dir.join("case.cl"),
        dir.join("case.bc"),
        dir.join("case.spv"),
    );
    for f in [&bc, &spv] {
        let _ = std::fs::remove_file(f);
    }
    std::fs::write(&src, &req.source)
        .map_err(|e| format!("cannot write the case for {CLANG}: {e}"))?;
    // Run in the scratch folder on relative names, so what clang says names `case.cl` alone.
    let out = tool(CLANG)
        .current_dir(dir)
        .args(FRONT)
        .args(req.options.split_whitespace())
        .args(["case.cl", "-o", "case.bc"])
        .output()
        .map_err(|e| format!("cannot run {CLANG}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "the offline compiler ({CLANG}) rejects the source, so there is no module to give the driver: {}",
            first_error(&out.stderr)
        ));
    }
    let out = tool(TRANSLATOR)
        .arg(format!("--spirv-max-version={version}"))
        .arg(&bc)
        .arg("-o")
        .arg(&spv)
        .output()
        .map_err(|e| format!("cannot run {TRANSLATOR}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "offline compiler bug: {TRANSLATOR} cannot translate what {CLANG} accepted: {}",
            first_error(&out.stderr)
        ));
    }
    let env = target_env(&req.options);
    let out = tool(VALIDATOR)
        .args(["--target-env", env])
        .arg(&spv)
        .output()
        .map_err(|e| format!("cannot run {VALIDATOR}: {e}"))?;
    if !out.status.success() {
        let mut said = out.stderr;
        said.extend_from_slice(&out.stdout);
        return Err(format!(
            "offline compiler bug: {TRANSLATOR} wrote SPIR-V that `{VALIDATOR} --target-env {env}` rejects: {}",
            first_error(&said)
        ));
    }
    let module = std::fs::read(&spv).map_err(|e| format!("cannot read the module: {e}"))?;
    let imports = imports(&module);
    if !imports.is_empty() {
        return Err(format!(
            "offline compiler bug: {TRANSLATOR} left calls to OpenCL built-ins it does not lower as imported functions, which no driver defines: {}",
            imports.join(", ")
        ));
    }
    Ok(module)
}

/// The functions a module imports (`OpDecorate ... LinkageAttributes "name" Import`): a
/// module of one whole program imports none, so each is a built-in the translator kept as a
/// call.
pub fn imports(module: &[u8]) -> Vec<String> {
    const OP_DECORATE: u32 = 71;
    const OP_FUNCTION: u32 = 54;
    const LINKAGE_ATTRIBUTES: u32 = 41;
    const IMPORT: u32 = 1;
    let words = words(module);
    let instructions = instructions(&words);
    // Imported variables are built-ins (`__spirv_BuiltInGlobalInvocationId`): functions only.
    let functions: std::collections::HashSet<u32> = instructions
        .iter()
        .filter(|ins| ins[0] & 0xffff == OP_FUNCTION && ins.len() >= 3)
        .map(|ins| ins[2])
        .collect();
    instructions
        .iter()
        .filter(|ins| {
            let n = ins.len();
            ins[0] & 0xffff == OP_DECORATE
                && n >= 5
                && functions.contains(&ins[1])
                && ins[2] == LINKAGE_ATTRIBUTES
                && ins[n - 1] == IMPORT
        })
        .map(|ins| {
            let bytes: Vec<u8> = ins[3..ins.len() - 1]
                .iter()
                .flat_map(|w| w.to_le_bytes())
                .take_while(|b| *b != 0)
                .collect();
            String::from_utf8_lossy(&bytes).into_owned()
        })
        .collect()
}

/// The image capabilities a module declares (`OpCapability`), by name. The OpenCL SPIR-V
/// environment requires *ImageBasic* only "if `CL_DEVICE_IMAGE_SUPPORT` is `CL_TRUE`", and the
/// others here only where *ImageBasic* is supported (Required Capabilities, SPIR-V 1.0): a
/// device without images need not take a module that declares one.
pub fn image_capabilities(module: &[u8]) -> Vec<&'static str> {
    const OP_CAPABILITY: u32 = 17;
    const IMAGE: [(u32, &str); 8] = [
        (13, "ImageBasic"),
        (14, "ImageReadWrite"),
        (15, "ImageMipmap"),
        (20, "LiteralSampler"),
        (43, "Sampled1D"),
        (44, "Image1D"),
        (46, "SampledBuffer"),
        (47, "ImageBuffer"),
    ];
    let words = words(module);
    let declared: Vec<u32> = instructions(&words)
        .iter()
        .filter(|ins| ins[0] & 0xffff == OP_CAPABILITY && ins.len() == 2)
        .map(|ins| ins[1])
        .collect();
    IMAGE
        .iter()
        .filter(|(id, _)| declared.contains(id))
        .map(|(_, name)| *name)
        .collect()
}

fn words(module: &[u8]) -> Vec<u32> {
    module
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect()
}

/// Five header words, then instructions: word count in the high half, opcode in the low.
fn instructions(words: &[u32]) -> Vec<&[u32]> {
    let mut out = Vec::new();
    let mut i = 5;
    while i < words.len() {
        let count = (words[i] >> 16) as usize;
        if count == 0 || i + count > words.len() {
            break;
        }
        out.push(&words[i..i + count]);
        i += count;
    }
    out
}

/// The first line that says `error`, else the first line, of a tool's output.
fn first_error(output: &[u8]) -> String {
    let text = String::from_utf8_lossy(output);
    text.lines()
        .find(|l| l.contains("error"))
        .or_else(|| text.lines().next())
        .unwrap_or("(no output)")
        .trim()
        .chars()
        .take(400)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cxx_modules_take_the_newest_version_device_and_translator_share() {
        let il = "SPIR-V_1.0 SPIR-V_1.1 SPIR-V_1.2 SPIR-V_1.3 SPIR-V_1.4 SPIR-V_1.5";
        assert_eq!(version_for("-cl-std=CLC++2021", il), "1.2");
        assert_eq!(
            version_for("-cl-std=CLC++2021", "SPIR-V_1.0 SPIR-V_1.1"),
            "1.1"
        );
        assert_eq!(version_for("-cl-std=CL2.0", il), "1.0");
        assert_eq!(version_for("-cl-std=CLC++2021", ""), "1.0");
    }

    #[test]
    fn the_validation_environment_follows_the_language() {
        assert_eq!(target_env("-cl-std=CL1.2"), "opencl1.2");
        assert_eq!(target_env("-cl-std=CL2.0"), "opencl2.0");
        assert_eq!(target_env("-cl-std=CLC++2021"), "opencl2.2");
        assert_eq!(
            target_env("-cl-std=CL3.0 -Xclang -cl-ext=-__opencl_c_generic_address_space"),
            "opencl2.0"
        );
    }

    #[test]
    fn imported_functions_are_read_from_linkage_decorations() {
        // Header, then `OpDecorate %7 LinkageAttributes "f" Import` and an export.
        let mut words: Vec<u32> = vec![0x0723_0203, 0x0001_0000, 0, 100, 0];
        words.extend([(5 << 16) | 71, 7, 41, u32::from_le_bytes(*b"f\0\0\0"), 1]);
        words.extend([(5 << 16) | 71, 8, 41, u32::from_le_bytes(*b"g\0\0\0"), 0]);
        // An imported built-in variable, %9: not a function.
        words.extend([(5 << 16) | 71, 9, 41, u32::from_le_bytes(*b"v\0\0\0"), 1]);
        // `OpFunction %void %7 None %fn` and `%8`.
        words.extend([(5 << 16) | 54, 1, 7, 0, 2]);
        words.extend([(5 << 16) | 54, 1, 8, 0, 2]);
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        assert_eq!(imports(&bytes), ["f"]);
        assert!(imports(&bytes[..40]).is_empty());
    }

    #[test]
    fn image_capabilities_are_read_from_op_capability() {
        // Header, then `OpCapability Addresses`, `Kernel`, `ImageBasic`, `LiteralSampler`.
        let mut words: Vec<u32> = vec![0x0723_0203, 0x0001_0000, 0, 100, 0];
        for cap in [4, 6, 13, 20] {
            words.extend([(2 << 16) | 17, cap]);
        }
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        assert_eq!(image_capabilities(&bytes), ["ImageBasic", "LiteralSampler"]);
        // Without the image capabilities (the first two instructions): none.
        assert!(image_capabilities(&bytes[..36]).is_empty());
    }

    #[test]
    fn tool_errors_are_cut_to_their_first_error_line() {
        assert_eq!(
            first_error(b"warning: x\ncase.cl:3:1: error: bad\nmore"),
            "case.cl:3:1: error: bad"
        );
        assert_eq!(first_error(b""), "(no output)");
    }
}
