//! Creating programs in a worker: from source, or from IL through the call the device's OpenCL
//! version defines for it.
//!
//! `clCreateProgramWithIL` is an OpenCL 2.1 call. A device before 2.1 takes IL through
//! `cl_khr_il_program`'s `clCreateProgramWithILKHR`, an extension function: the ICD loader does
//! not export it, so it is looked up for the device's platform with
//! `clGetExtensionFunctionAddressForPlatform`. (Intel's FPGA emulator, OpenCL 1.2 with
//! `cl_khr_il_program`, answers the core call with `CL_INVALID_OPERATION`.)

use cl3::error_codes::{CL_INVALID_OPERATION, CL_INVALID_VALUE, CL_SUCCESS};
use cl3::types::{cl_context, cl_int, cl_platform_id, cl_program};
use std::ffi::{c_char, c_void};

/// A program the worker created, released when dropped.
pub struct Program(cl_program);

impl Program {
    pub fn get(&self) -> cl_program {
        self.0
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        // SAFETY: the program was created by this worker and is released once, here.
        let _ = unsafe { cl3::program::release_program(self.0) };
    }
}

/// `clCreateProgramWithSource`.
pub fn from_source(context: cl_context, source: &str) -> Result<Program, (&'static str, cl_int)> {
    cl3::program::create_program_with_source(context, &[source])
        .map(Program)
        .map_err(|e| ("clCreateProgramWithSource", e))
}

/// The program of `il` for a device of `version` (`CL_DEVICE_VERSION`) on `platform`:
/// `clCreateProgramWithIL` from OpenCL 2.1 on, `clCreateProgramWithILKHR` before.
pub fn from_il(
    context: cl_context,
    platform: cl_platform_id,
    version: &str,
    il: &[u8],
) -> Result<Program, (&'static str, cl_int)> {
    if before_2_1(version) {
        create_with_il_khr(context, platform, il)
            .map(Program)
            .map_err(|e| ("clCreateProgramWithILKHR", e))
    } else {
        cl3::program::create_program_with_il(context, il)
            .map(Program)
            .map_err(|e| ("clCreateProgramWithIL", e))
    }
}

/// Whether `CL_DEVICE_VERSION` (`OpenCL <major>.<minor> <vendor text>`) is before 2.1. An answer
/// that does not parse is taken as 2.1 or later: the core call, as before.
fn before_2_1(version: &str) -> bool {
    let number = version
        .strip_prefix("OpenCL ")
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|v| v.split_once('.'))
        .and_then(|(major, minor)| Some((major.parse::<u32>().ok()?, minor.parse::<u32>().ok()?)));
    number.is_some_and(|v| v < (2, 1))
}

fn create_with_il_khr(
    context: cl_context,
    platform: cl_platform_id,
    il: &[u8],
) -> Result<cl_program, cl_int> {
    type GetAddress = unsafe extern "C" fn(cl_platform_id, *const c_char) -> *mut c_void;
    type CreateWithIl =
        unsafe extern "C" fn(cl_context, *const c_void, usize, *mut cl_int) -> cl_program;
    // SAFETY: the ICD loader is already loaded (every OpenCL call of the worker goes through
    // it); this takes one more reference to it, and the symbols have the OpenCL API's types.
    unsafe {
        let loader =
            libloading::Library::new("libOpenCL.so.1").map_err(|_| CL_INVALID_OPERATION)?;
        let get: libloading::Symbol<GetAddress> = loader
            .get(b"clGetExtensionFunctionAddressForPlatform\0")
            .map_err(|_| CL_INVALID_OPERATION)?;
        let create = get(platform, c"clCreateProgramWithILKHR".as_ptr());
        if create.is_null() {
            return Err(CL_INVALID_OPERATION);
        }
        let create: CreateWithIl = std::mem::transmute::<*mut c_void, CreateWithIl>(create);
        let mut status = CL_INVALID_VALUE;
        let program = create(context, il.as_ptr().cast(), il.len(), &mut status);
        match (status, program.is_null()) {
            (CL_SUCCESS, false) => Ok(program),
            (CL_SUCCESS, true) => Err(CL_INVALID_OPERATION),
            (e, _) => Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::before_2_1;

    #[test]
    fn the_il_call_follows_the_device_version() {
        assert!(before_2_1("OpenCL 1.2 "));
        assert!(before_2_1("OpenCL 2.0 pocl"));
        assert!(!before_2_1("OpenCL 2.1"));
        assert!(!before_2_1("OpenCL 3.0 (Build 0)"));
        assert!(!before_2_1("garbage"));
    }
}
