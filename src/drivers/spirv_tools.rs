//! SPIR-V validation in process, through SPIRV-Tools' C API (`libspirv.h`), when clasp is built
//! with the `spirv-tools` feature (linked against Debian's `libSPIRV-Tools.a`, package
//! `spirv-tools`, the library `spirv-val` is built from). It answers what `spirv-val
//! --target-env ENV` would, in the same words (`error: line N: ...`), without a process per
//! module; without the feature [`Validator::new`] says so and callers run `spirv-val`.

use std::os::raw::c_void;

/// The library's version line, as `spirv-val --version` prints it first.
pub fn version() -> Option<String> {
    imp::version()
}

/// A validation context for one target environment (`vulkan1.0`, `opencl1.2`, ...).
pub struct Validator {
    context: *mut c_void,
}

impl Validator {
    /// The context for `env`, or `None` when clasp was built without SPIRV-Tools or the library
    /// does not know `env`.
    pub fn new(env: &str) -> Option<Validator> {
        imp::context(env).map(|context| Validator { context })
    }

    /// `Ok` when `module` is valid; else what `spirv-val` prints for it.
    pub fn validate(&self, module: &[u8]) -> Result<(), String> {
        if module.len() % 4 != 0 {
            return Err("error: line 0: Invalid SPIR-V binary version 0.0 (the module is not a whole number of words)".into());
        }
        let words: Vec<u32> = module
            .chunks_exact(4)
            .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
            .collect();
        imp::validate(self.context, &words)
    }
}

impl Drop for Validator {
    fn drop(&mut self) {
        imp::destroy(self.context);
    }
}

#[cfg(feature = "spirv-tools")]
mod imp {
    use std::ffi::{CStr, CString};
    use std::os::raw::{c_char, c_int, c_void};

    /// `spv_diagnostic_t`: where the first error is and what it says.
    #[repr(C)]
    struct Diagnostic {
        line: usize,
        column: usize,
        index: usize,
        error: *const c_char,
        is_text_source: bool,
    }

    /// `spv_const_binary_t`.
    #[repr(C)]
    struct ConstBinary {
        code: *const u32,
        word_count: usize,
    }

    extern "C" {
        fn spvSoftwareVersionDetailsString() -> *const c_char;
        fn spvParseTargetEnv(s: *const c_char, env: *mut c_int) -> bool;
        fn spvContextCreate(env: c_int) -> *mut c_void;
        fn spvContextDestroy(context: *mut c_void);
        fn spvValidatorOptionsCreate() -> *mut c_void;
        fn spvValidatorOptionsDestroy(options: *mut c_void);
        fn spvValidateWithOptions(
            context: *const c_void,
            options: *const c_void,
            binary: *const ConstBinary,
            diagnostic: *mut *mut Diagnostic,
        ) -> c_int;
        fn spvDiagnosticDestroy(diagnostic: *mut Diagnostic);
    }

    pub fn version() -> Option<String> {
        // SAFETY: a static string owned by the library.
        let s = unsafe { CStr::from_ptr(spvSoftwareVersionDetailsString()) };
        Some(s.to_string_lossy().into_owned())
    }

    pub fn context(env: &str) -> Option<*mut c_void> {
        let name = CString::new(env).ok()?;
        let mut e: c_int = 0;
        // SAFETY: `name` outlives the call; `e` is written on success.
        if !unsafe { spvParseTargetEnv(name.as_ptr(), &mut e) } {
            return None;
        }
        // SAFETY: creates a context the caller destroys (`Validator`'s drop).
        let c = unsafe { spvContextCreate(e) };
        (!c.is_null()).then_some(c)
    }

    pub fn destroy(context: *mut c_void) {
        // SAFETY: a context from `spvContextCreate`, destroyed once.
        unsafe { spvContextDestroy(context) }
    }

    pub fn validate(context: *mut c_void, words: &[u32]) -> Result<(), String> {
        let binary = ConstBinary {
            code: words.as_ptr(),
            word_count: words.len(),
        };
        let mut diagnostic: *mut Diagnostic = std::ptr::null_mut();
        // SAFETY: `words` outlives the call; options and diagnostic are freed below. Default
        // options, as `spirv-val` without flags.
        let result = unsafe {
            let options = spvValidatorOptionsCreate();
            let r = spvValidateWithOptions(context, options, &binary, &mut diagnostic);
            spvValidatorOptionsDestroy(options);
            r
        };
        if result == 0 {
            return Ok(());
        }
        // As spirv-val's message consumer prints it.
        let said = if diagnostic.is_null() {
            format!("error: line 0: validation failed (code {result})")
        } else {
            // SAFETY: a diagnostic the library made; its text is a C string.
            let d = unsafe { &*diagnostic };
            let text = if d.error.is_null() {
                String::new()
            } else {
                unsafe { CStr::from_ptr(d.error) }
                    .to_string_lossy()
                    .into_owned()
            };
            format!("error: line {}: {text}", d.index)
        };
        // SAFETY: destroyed once; null is allowed.
        unsafe { spvDiagnosticDestroy(diagnostic) };
        Err(said)
    }
}

#[cfg(not(feature = "spirv-tools"))]
mod imp {
    use std::os::raw::c_void;

    pub fn version() -> Option<String> {
        None
    }

    pub fn context(_env: &str) -> Option<*mut c_void> {
        None
    }

    pub fn destroy(_context: *mut c_void) {}

    pub fn validate(_context: *mut c_void, _words: &[u32]) -> Result<(), String> {
        Err("clasp was built without SPIRV-Tools".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `OpEntryPoint GLCompute %main "main"` with an empty body, assembled by `spirv-as
    /// --target-env vulkan1.0`; words 10..15 are the entry point.
    #[cfg(feature = "spirv-tools")]
    const TINY: [u32; 35] = [
        0x07230203, 0x00010000, 0x00070000, 0x00000005, 0x00000000, 0x00020011, 0x00000001,
        0x0003000e, 0x00000000, 0x00000001, 0x0005000f, 0x00000005, 0x00000001, 0x6e69616d,
        0x00000000, 0x00060010, 0x00000001, 0x00000011, 0x00000001, 0x00000001, 0x00000001,
        0x00020013, 0x00000002, 0x00030021, 0x00000003, 0x00000002, 0x00050036, 0x00000002,
        0x00000001, 0x00000000, 0x00000003, 0x000200f8, 0x00000004, 0x000100fd, 0x00010038,
    ];

    #[cfg(feature = "spirv-tools")]
    fn bytes(words: &[u32]) -> Vec<u8> {
        words.iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    #[test]
    #[cfg(not(feature = "spirv-tools"))]
    fn without_the_feature_there_is_no_validator() {
        assert!(Validator::new("vulkan1.0").is_none());
        assert!(version().is_none());
    }

    #[test]
    #[cfg(feature = "spirv-tools")]
    fn the_library_answers_as_spirv_val_does() {
        let v = Validator::new("vulkan1.0").expect("vulkan1.0 is a target environment");
        assert!(Validator::new("no-such-env").is_none());
        assert_eq!(v.validate(&bytes(&TINY)), Ok(()));
        // Without its entry point the module is invalid for Vulkan.
        let mut broken = TINY[..10].to_vec();
        broken.extend(&TINY[15..]);
        let broken = bytes(&broken);
        let said = v.validate(&broken).unwrap_err();
        assert!(said.starts_with("error: line "), "{said}");
        assert!(v.validate(&broken[..9]).is_err());
        // The same words as the tool, where it is installed.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("broken.spv");
        std::fs::write(&path, &broken).unwrap();
        match std::process::Command::new("spirv-val")
            .args(["--target-env", "vulkan1.0"])
            .arg(&path)
            .output()
        {
            Ok(out) => {
                let mut tool = String::from_utf8_lossy(&out.stderr).into_owned();
                tool.push_str(&String::from_utf8_lossy(&out.stdout));
                assert_eq!(said.trim(), tool.trim());
                let v_tool = std::process::Command::new("spirv-val")
                    .arg("--version")
                    .output()
                    .unwrap();
                let first = String::from_utf8_lossy(&v_tool.stdout)
                    .lines()
                    .next()
                    .unwrap_or("")
                    .to_string();
                assert_eq!(version().as_deref(), Some(first.as_str()));
            }
            Err(e) => eprintln!("skipped the comparison with spirv-val: {e}"),
        }
    }
}
